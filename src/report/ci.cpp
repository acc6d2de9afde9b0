// Line-oriented formats for CI systems and editors:
//   gcc     path:line:col: error: message [rule]      (problem matchers, efm-langserver, vim)
//   github  ::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message   (Actions)
#include <string>

#include "analysis/line_index.h"
#include "report/report.h"
#include "rule.h"

namespace sitemaplint {
namespace {

// A finding's start and end, from its precomputed position or the file's bytes.
std::pair<Position, Position> span_of(const Diagnostic& d, const LineIndex& index) {
  if (d.line_column) {
    Position at;
    at.line = d.line_column->first;
    at.column = d.line_column->second;
    return {at, at};
  }
  return {index.position(d.offset), index.position(d.offset + d.length)};
}

// Workflow commands end at a newline and split properties at ',' and ':': escape them.
std::string github_escape(std::string_view text, bool property) {
  std::string out;
  for (char c : text) {
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

// Messages quote input; keep each finding on one line whatever it holds.
std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return out;
}

}  // namespace

void write_gcc(std::span<const FileReport> reports, std::ostream& out) {
  for (const FileReport& report : reports) {
    const LineIndex index(report.bytes);
    for (const Diagnostic& d : report.diagnostics) {
      const Position at = span_of(d, index).first;
      out << report.path << ':' << at.line << ':' << at.column << ": " << gcc_level(d.severity) << ": "
          << one_line(d.message) << " [" << d.rule->code << ' ' << d.rule->name << "]\n";
    }
  }
}

void write_github(std::span<const FileReport> reports, std::ostream& out) {
  for (const FileReport& report : reports) {
    const LineIndex index(report.bytes);
    for (const Diagnostic& d : report.diagnostics) {
      const auto [start, end] = span_of(d, index);
      out << "::" << github_command(d.severity) << " file=" << github_escape(report.path, true)
          << ",line=" << start.line << ",col=" << start.column << ",endLine=" << end.line
          << ",endColumn=" << end.column << ",title="
          << github_escape(std::string(d.rule->code) + " " + std::string(d.rule->name), true) << "::"
          << github_escape(d.message, false) << '\n';
    }
  }
}

}  // namespace sitemaplint
