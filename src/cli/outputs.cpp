#include "cli/outputs.h"

#include <algorithm>

namespace sitemaplint {

std::optional<std::vector<ReportTarget>> report_targets(const CliOptions& options, std::string* error) {
  std::vector<ReportTarget> targets{{options.format, "", true}};
  bool plain_file = false;
  for (const std::string& value : options.outputs) {
    const std::size_t equals = value.find('=');
    const std::string format = equals == std::string::npos ? "" : value.substr(0, equals);
    if (std::find(kReportFormats.begin(), kReportFormats.end(), format) != kReportFormats.end()) {
      if (equals + 1 == value.size()) {
        *error = "--output " + value + ": the file name is missing (FORMAT=FILE)";
        return std::nullopt;
      }
      targets.push_back({format, value.substr(equals + 1)});
      continue;
    }
    if (plain_file) {
      *error = "--output names two files for the --format report; give others as FORMAT=FILE";
      return std::nullopt;
    }
    plain_file = true;
    targets.front().path = value;
  }
  return targets;
}

}  // namespace sitemaplint
