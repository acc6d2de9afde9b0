// Line-oriented formats for CI systems and editors:
//   gcc     path:line:col: error: message [rule]      (problem matchers, efm-langserver, vim)
//   github  ::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message   (Actions)
// What fails the run besides findings comes after them, as errors in the same form: an unreadable
// input at its path's line 1 (as linters report a file they cannot open, so problem matchers that
// need a line still take it), a warning limit exceeded with no file at all. Paths and messages
// are made printable (analysis/printable.h): one line per finding, whatever the input holds.
#include <string>

#include "analysis/printable.h"
#include "report/report.h"
#include "report/source.h"
#include "rule.h"
#include "load/input_path.h"

namespace sitemaplint {
namespace {

// A finding's start and end.
std::pair<Position, Position> span_of(const Diagnostic& d, const ReportSource& source) {
  return {source.position(d.offset), source.position(d.offset + d.length)};
}

// Workflow commands end at a newline and split properties at ',' and ':': escape them. Text from
// inputs is made printable first (as every line-oriented output makes it: no escape sequence,
// control character or ill-formed UTF-8 reaches the log), then escaped as the runner reads it.
std::string github_escape(std::string_view text, bool property) {
  std::string shown = printable(text);
  if (shown.find_first_of(property ? "%\r\n:," : "%\r\n") == std::string::npos) return shown;  // the usual text
  std::string out;
  for (char c : shown) {
    switch (c) {
      case '%': out += "%25"; break;
      case '\r': out += "%0D"; break;
      case '\n': out += "%0A"; break;
      case ':': out += property ? "%3A" : ":"; break;
      case ',': out += property ? "%2C" : ","; break;
      default: out += c;
    }
  }
  return out;
}

std::string_view github_command(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "notice";
}

std::string_view gcc_level(Severity s) {
  return s == Severity::Error ? "error" : s == Severity::Warning ? "warning" : "note";
}

}  // namespace

void write_gcc(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out) {
  for (const FileReport& report : reports) {
    const ReportSource source(report);
    const std::string path = printable(report.path);
    for (const Diagnostic& d : report.diagnostics) {
      const Position at = span_of(d, source).first;
      out << path << ':' << at.line << ':' << at.column << ": " << gcc_level(d.severity) << ": " << printable(d.message)
          << " [" << d.rule->code << ' ' << d.rule->name << "]\n";
    }
  }
  for (const InputError& error : status.input_errors) {
    out << printable(error.path) << ":1:1: error: " << printable(error.reason()) << " [unreadable-input]\n";
  }
  if (status.warning_limit && status.warning_limit->exceeded()) {
    out << "sitemaplint: error: " << printable(status.warning_limit->message()) << " [max-warnings]\n";
  }
}

void write_github(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out) {
  for (const FileReport& report : reports) {
    const ReportSource source(report);
    const std::string file = github_escape(report.path, true);
    for (const Diagnostic& d : report.diagnostics) {
      const auto [start, end] = span_of(d, source);
      out << "::" << github_command(d.severity) << " file=" << file << ",line=" << start.line << ",col=" << start.column
          << ",endLine=" << end.line << ",endColumn=" << end.column
          << ",title=" << github_escape(std::string(d.rule->code) + " " + std::string(d.rule->name), true)
          << "::" << github_escape(d.message, false) << '\n';
    }
  }
  // An annotation without a line belongs to the file; a URL is no file of the repository, so its
  // annotation stands alone, in the run's summary.
  for (const InputError& error : status.input_errors) {
    if (is_url(error.path)) {
      out << "::error title=unreadable input::" << github_escape(error.message, false) << '\n';
    } else {
      out << "::error file=" << github_escape(error.path, true)
          << ",title=unreadable input::" << github_escape(error.reason(), false) << '\n';
    }
  }
  if (status.warning_limit && status.warning_limit->exceeded()) {
    out << "::error title=max-warnings::" << github_escape(status.warning_limit->message(), false) << '\n';
  }
}

}  // namespace sitemaplint
