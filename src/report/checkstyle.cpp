// Checkstyle XML, the format of Checkstyle's XMLLogger that many tools read (Jenkins' Warnings
// plugin, reviewdog, SonarQube's importers, Bitbucket and Azure extensions):
//   <checkstyle version="..."><file name="..."><error line column severity message source/></file>
// Severities are checkstyle's own: error, warning, info. `source` names the rule as a dotted
// module name, as checkstyle's check classes are.
#include <string>

#include "report/report.h"
#include "report/source.h"
#include "report/xml_escape.h"
#include "rule.h"

namespace sitemaplint {

void write_checkstyle(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out) {
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<checkstyle version=\"" << xml_escape(SITEMAPLINT_VERSION, true) << "\">\n";
  for (const FileReport& report : reports) {
    // Every file linted is listed, clean or not, as Checkstyle does: readers count files checked.
    out << "  <file name=\"" << xml_escape(report.path, true) << "\"";
    if (report.diagnostics.empty()) {
      out << "/>\n";
      continue;
    }
    out << ">\n";
    const ReportSource source(report);
    for (const Diagnostic& d : report.diagnostics) {
      const Position at = source.position(d.offset);
      out << "    <error line=\"" << at.line << "\" column=\"" << at.column << "\" severity=\""
          << severity_name(d.severity) << "\" message=\"" << xml_escape(d.message, true) << "\" source=\"sitemaplint."
          << d.rule->code << "." << d.rule->name << "\"/>\n";
    }
    out << "  </file>\n";
  }
  // An input that could not be read: an error on its first line, from no rule.
  for (const InputError& error : status.input_errors) {
    out << "  <file name=\"" << xml_escape(error.path, true) << "\">\n"
        << "    <error line=\"1\" severity=\"error\" message=\"" << xml_escape(error.message, true)
        << "\" source=\"sitemaplint.input-error\"/>\n"
        << "  </file>\n";
  }
  // Too many warnings fail the run: an error of the whole run, on its first file (checkstyle has
  // no place for anything else).
  if (status.warning_limit && status.warning_limit->exceeded()) {
    out << "  <file name=\"" << xml_escape(reports.empty() ? std::string(".") : reports.front().path, true) << "\">\n"
        << "    <error line=\"1\" severity=\"error\" message=\"" << xml_escape(status.warning_limit->message(), true)
        << "\" source=\"sitemaplint.max-warnings\"/>\n"
        << "  </file>\n";
  }
  out << "</checkstyle>\n";
}

}  // namespace sitemaplint
