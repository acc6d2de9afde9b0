#include "cli/outputs.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "report/html.h"
#include "run/lint_many.h"

namespace sitemaplint {
namespace {

bool use_color(const std::string& mode, bool to_terminal) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  return to_terminal;
}

// Writes one report; false when writing failed. `style`: the human report's, but for colour, which
// is decided here. `now`: the run's "now", which the HTML report measures lastmod ages from.
// --statistics takes the place of the --format report (`target.primary`), not of -o FORMAT=FILE.
bool write_report(const CliOptions& options, const ReportTarget& target, const std::vector<FileReport>& reports,
                  const RunStatus& status, HumanStyle style, std::int64_t now, std::ostream& out) {
  const std::string& format = target.format;
  if (options.statistics && target.primary) write_statistics(reports, format == "json", out);
  else if (format == "json") write_json(reports, status, out);
  else if (format == "html") write_html(reports, status, now, out);
  else if (format == "gcc") write_gcc(reports, status, out);
  else if (format == "github") write_github(reports, status, out);
  else if (format == "junit") write_junit(reports, status, out);
  else if (format == "sarif") write_sarif(reports, status, out, options.sarif_all_rules ? SarifRules::All : SarifRules::Fired);
  else if (format == "gitlab") write_gitlab(reports, status, out);
  else if (format == "checkstyle") write_checkstyle(reports, status, out);
  else {
    const bool terminal = target.path.empty() && ::isatty(STDOUT_FILENO);
    style.color = use_color(options.color, terminal);
    write_human(reports, status, style, out);
  }
  out.flush();
  return static_cast<bool>(out);
}

}  // namespace


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

// Writes every report the command line asks for; an exit code when that failed.
std::optional<int> write_reports(const CliOptions& options, const std::vector<ReportTarget>& targets,
                                 const std::vector<std::string>& inputs, const std::vector<FileReport>& reports,
                                 const RunStatus& status, const HumanStyle& style, std::int64_t now) {
  // No report goes over an input, and every file is opened before any is written: a bad name
  // costs no half-written set of reports.
  for (const ReportTarget& target : targets) {
    std::error_code ec;
    for (const std::string& input : inputs) {
      if (!target.path.empty() && input != "-" && !is_url(input) && std::filesystem::equivalent(input, target.path, ec)) {
        return usage_error("--output: '" + target.path + "' is one of the inputs; refusing to overwrite it");
      }
    }
  }
  std::vector<std::ofstream> files(targets.size());
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (targets[i].path.empty()) continue;
    files[i].open(targets[i].path, std::ios::binary | std::ios::trunc);
    if (!files[i]) return usage_error("--output: cannot write '" + targets[i].path + "'");
  }
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!write_report(options, targets[i], reports, status, style, now, targets[i].path.empty() ? std::cout : files[i])) {
      std::cerr << "sitemaplint: error: writing the report" << (targets[i].path.empty() ? "" : " to " + targets[i].path)
                << " failed\n";
      return kExitUsage;
    }
  }
  return std::nullopt;
}

}  // namespace sitemaplint
