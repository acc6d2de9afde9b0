// JUnit XML, which most CI systems display as test results: one test case per file, failing when
// the file has an error-severity finding (as the exit code does), every finding in the body. What
// else fails the run has a test case too: each unreadable input (an error) and a warning limit
// exceeded (a failure), so the test results never look green when the run was not.
#include <string>

#include "report/source.h"
#include "report/xml_escape.h"
#include "report/report.h"
#include "rule.h"

namespace sitemaplint {
void write_junit(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out) {
  std::size_t failing = 0;
  for (const FileReport& report : reports) {
    for (const Diagnostic& d : report.diagnostics) {
      if (d.severity == Severity::Error) {
        ++failing;
        break;
      }
    }
  }
  const bool limit_exceeded = status.warning_limit && status.warning_limit->exceeded();
  failing += limit_exceeded;
  const std::size_t tests = reports.size() + status.input_errors.size() + (status.warning_limit ? 1 : 0);
  const std::size_t unreadable = status.input_errors.size();
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites name=\"sitemaplint\" tests=\"" << tests << "\" failures=\"" << failing << "\" errors=\""
      << unreadable << "\">\n"
      << "  <testsuite name=\"sitemaplint\" tests=\"" << tests << "\" failures=\"" << failing << "\" errors=\""
      << unreadable << "\">\n";
  for (const FileReport& report : reports) {
    out << "    <testcase classname=\"sitemaplint\" name=\"" << xml_escape(report.path, true) << "\"";
    if (report.diagnostics.empty()) {
      out << "/>\n";
      continue;
    }
    out << ">\n";
    std::size_t errors = 0;
    std::string body;
    const ReportSource source(report);
    for (const Diagnostic& d : report.diagnostics) {
      errors += d.severity == Severity::Error;
      const Position at = source.position(d.offset);
      body += report.path + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
              std::string(severity_name(d.severity)) + "[" + std::string(d.rule->code) + " " +
              std::string(d.rule->name) + "]: " + d.message + "\n";
    }
    if (errors > 0) {
      out << "      <failure type=\"error\" message=\"" << errors << " error" << (errors == 1 ? "" : "s") << "\">"
          << xml_escape(body) << "</failure>\n";
    } else {
      out << "      <system-out>" << xml_escape(body) << "</system-out>\n";
    }
    out << "    </testcase>\n";
  }
  for (const InputError& error : status.input_errors) {
    out << "    <testcase classname=\"sitemaplint\" name=\"" << xml_escape(error.path, true) << "\">\n"
        << "      <error type=\"input\" message=\"" << xml_escape(error.message, true) << "\"/>\n"
        << "    </testcase>\n";
  }
  // The limit is a test of the whole run: it passes while the warnings stay within it.
  if (status.warning_limit) {
    out << "    <testcase classname=\"sitemaplint\" name=\"max-warnings\"";
    if (limit_exceeded) {
      out << ">\n      <failure type=\"max-warnings\" message=\"" << xml_escape(status.warning_limit->message(), true)
          << "\"/>\n    </testcase>\n";
    } else {
      out << "/>\n";
    }
  }
  out << "  </testsuite>\n</testsuites>\n";
}

}  // namespace sitemaplint
