#include "cli/outputs.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "api/report_writer.h"
#include "run/lint_many.h"
#include "run/notice.h"
#include "run/output_file.h"

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
  if (options.statistics && target.primary) {
    write_statistics(reports, target.format == "json", out);
  } else {
    // --format and -o FORMAT=FILE take only the table's names (the option check, report_targets).
    const ReportFormat* format = find_report_format(target.format);
    if (!format) format = &report_formats().front();
    style.color = use_color(options.color, target.path.empty() && ::isatty(STDOUT_FILENO));
    // The library's write_report goes through the same function: its reports are these bytes.
    write_run_report(*format, reports,
                     ReportOptions{status, style, now, options.sarif_all_rules ? SarifRules::All : SarifRules::Fired},
                     out);
  }
  out.flush();
  return static_cast<bool>(out);
}

// A report file that could not be written, and why: nothing was put in place (a report file
// already there is as it was).
int write_failed(const std::string& error) {
  print_error("--output: " + error + " (the file is as it was)");
  return kExitUsage;
}

}  // namespace

std::optional<std::vector<ReportTarget>> report_targets(const CliOptions& options, std::string* error) {
  std::vector<ReportTarget> targets{{options.format, "", true}};
  bool plain_file = false;
  for (const std::string& value : options.outputs) {
    const std::size_t equals = value.find('=');
    const std::string format = equals == std::string::npos ? "" : value.substr(0, equals);
    if (find_report_format(format)) {
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
  // Two reports into one file: the second would replace the first without a word. A device (such as
  // /dev/null) or a pipe takes both.
  std::vector<std::pair<std::filesystem::path, const ReportTarget*>> seen;
  for (const ReportTarget& target : targets) {
    if (target.path.empty()) continue;
    std::error_code ignored;
    const auto status = std::filesystem::status(target.path, ignored);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) continue;
    const std::filesystem::path same =
        std::filesystem::weakly_canonical(std::filesystem::absolute(target.path, ignored), ignored).lexically_normal();
    for (const auto& [path, other] : seen) {
      if (path != same) continue;
      *error = "--output: the " + (other->format.empty() ? std::string("--format") : other->format) + " and " +
               (target.format.empty() ? std::string("--format") : target.format) + " reports both go to " +
               target.path + "; give each report a file of its own";
      return std::nullopt;
    }
    seen.emplace_back(same, &target);
  }
  return targets;
}

std::string outputs_over_inputs(const CliOptions& options, const std::vector<ReportTarget>& targets,
                                const std::vector<std::string>& inputs) {
  for (const ReportTarget& target : targets) {
    if (target.path.empty()) continue;
    if (std::string refusal = overwrites_input("--output", target.path, inputs); !refusal.empty()) return refusal;
  }
  if (options.write_baseline.empty()) return {};
  return overwrites_input("--write-baseline", options.write_baseline, inputs);
}

// Writes every report the command line asks for; an exit code when that failed.
std::optional<int> write_reports(const CliOptions& options, const std::vector<ReportTarget>& targets,
                                 const std::vector<FileReport>& reports, const RunStatus& status,
                                 const HumanStyle& style, std::int64_t now) {
  // Every file is opened before any is written, and each is renamed into place only once all are
  // written whole: a bad name or a full disk costs no half-written set of reports.
  std::vector<OutputFile> files(targets.size());
  std::string error;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!targets[i].path.empty() && !files[i].open(targets[i].path, &error)) return usage_error("--output: " + error);
  }
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const bool to_file = !targets[i].path.empty();
    const bool written =
        write_report(options, targets[i], reports, status, style, now, to_file ? files[i].stream() : std::cout);
    if (!to_file && !written) {
      print_error("writing the report failed");
      return kExitUsage;
    }
    if (to_file && !files[i].finish(&error)) return write_failed(error);
  }
  for (std::size_t i = 0; i < targets.size(); ++i) {
    if (!targets[i].path.empty() && !files[i].commit(&error)) return write_failed(error);
  }
  return std::nullopt;
}

}  // namespace sitemaplint
