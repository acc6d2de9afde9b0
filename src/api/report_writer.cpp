#include "api/report_writer.h"

#include <sitemaplint/lint.h>
#include <sitemaplint/report.h>

#include <sstream>

namespace sitemaplint {

void write_run_report(const ReportFormat& format, std::span<const FileReport> reports, const ReportOptions& options,
                      std::ostream& out) {
  format.write(reports, options, out);
}

}  // namespace sitemaplint

namespace sitemaplint::api {

std::vector<std::string> report_formats() { return report_format_names(); }

void write_report(const Result& result, std::string_view format, std::ostream& out) {
  const ReportFormat* chosen = find_report_format(format);
  if (!chosen) {
    std::string known;
    for (const std::string& name : report_formats()) known += (known.empty() ? "" : ", ") + name;
    throw SettingsError("report: unknown format '" + std::string(format) + "' (the formats are " + known + ")");
  }
  if (!result.run) throw Error("report: this Result has no run behind it (it was not made by a lint)");
  const RunReports& run = *result.run;
  // Its overview of the site is gathered while the files are linted, as --format html does.
  if (format == "html" && !run.overview) {
    throw SettingsError(
        "report: the HTML report shows an overview of the site gathered while linting; lint with the setting "
        "html_overview on (Settings::html_overview, Python: html_overview=True)");
  }
  write_run_report(*chosen, run.reports, sitemaplint::ReportOptions{run.status, run.human, run.now}, out);
  out.flush();
  if (!out) throw Error("report: writing the report failed");
}

std::string report(const Result& result, std::string_view format) {
  std::ostringstream text;
  write_report(result, format, text);
  return std::move(text).str();
}

}  // namespace sitemaplint::api
