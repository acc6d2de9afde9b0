// Reports written one way for the command line and the library: each --format and -o FORMAT=FILE
// of a run, and api::write_report of a Result (include/sitemaplint/report.h), go through
// write_run_report, so the library's report of a run is the command line's, byte for byte.
#pragma once

#include <ostream>
#include <span>
#include <cstdint>
#include <vector>

#include "report/formats.h"
#include "report/report.h"

namespace sitemaplint {

// One report of a run's reports in `format` (report/formats.h's table).
void write_run_report(const ReportFormat& format, std::span<const FileReport> reports, const ReportOptions& options,
                      std::ostream& out);

}  // namespace sitemaplint

namespace sitemaplint::api {

// What a Result keeps of its run for write_report: its files' reports (without the facts the
// checks across the set kept), the inputs that could not be read, and how --min-severity cut it.
struct RunReports {
  std::vector<FileReport> reports;
  RunStatus status;
  HumanStyle human;
  bool overview = false;  // the reports hold the overview the HTML report shows (Settings::html_overview)
  std::int64_t now = 0;  // the run's clock: what the HTML report measures lastmod ages from
};

}  // namespace sitemaplint::api
