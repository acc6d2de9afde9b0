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
namespace {

// The HTML report needs the overview of the site that the command line gathers while it lints.
bool library_writes(std::string_view format) { return format != "html"; }

}  // namespace

std::vector<std::string> report_formats() {
  std::vector<std::string> names;
  for (const std::string& name : report_format_names()) {
    if (library_writes(name)) names.push_back(name);
  }
  return names;
}

void write_report(const Result& result, std::string_view format, std::ostream& out) {
  const ReportFormat* chosen = find_report_format(format);
  if (!chosen || !library_writes(format)) {
    std::string known;
    for (const std::string& name : report_formats()) known += (known.empty() ? "" : ", ") + name;
    throw SettingsError("report: unknown format '" + std::string(format) + "' (the formats are " + known + ")" +
                        (format == "html" ? "; the HTML report is the command line's: sitemaplint --format html" : ""));
  }
  if (!result.run) throw Error("report: this Result has no run behind it (it was not made by a lint)");
  const RunReports& run = *result.run;
  write_run_report(*chosen, run.reports, sitemaplint::ReportOptions{run.status, run.human}, out);
  out.flush();
  if (!out) throw Error("report: writing the report failed");
}

std::string report(const Result& result, std::string_view format) {
  std::ostringstream text;
  write_report(result, format, text);
  return std::move(text).str();
}

}  // namespace sitemaplint::api
