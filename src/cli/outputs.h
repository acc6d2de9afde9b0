// Which reports a run writes, and where, and writing them: the --format report on standard output
// or in -o FILE, and one more report for each -o FORMAT=FILE, all from the same linting (a CI job
// that wants annotations, SARIF and HTML lints, and fetches, once).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/options.h"
#include "report/formats.h"

namespace sitemaplint {

struct ReportTarget {
  std::string format;
  std::string path;  // empty: standard output
  bool primary = false;  // the --format report (which --statistics replaces), not an -o FORMAT=FILE one
};

// The reports `options` asks for, the --format one first; nullopt with *error when two of them
// would go to standard output or -o names a plain FILE twice. An -o value is FORMAT=FILE only
// when FORMAT is a format's name: "./json=x" names a file called "json=x".
std::optional<std::vector<ReportTarget>> report_targets(const CliOptions& options, std::string* error);

// Why a file the run would write (a report's -o FILE, --write-baseline FILE) may not be written:
// it is one of `inputs` under some name (output_file.h). Empty when none is.
std::string outputs_over_inputs(const CliOptions& options, const std::vector<ReportTarget>& targets,
                                const std::vector<std::string>& inputs);

// Writes every report in `targets` from the same findings, each file through a temporary file
// renamed into place (output_file.h): every file is opened before any is written, and none is
// replaced unless all were written whole. An exit code when that failed. `style`: the human
// report's (colour is decided per target); `now`: what the HTML report measures lastmod ages from.
std::optional<int> write_reports(const CliOptions& options, const std::vector<ReportTarget>& targets,
                                 const std::vector<FileReport>& reports, const RunStatus& status,
                                 const HumanStyle& style, std::int64_t now);

}  // namespace sitemaplint
