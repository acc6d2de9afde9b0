// Human output, in the style of compilers:
//   path:line:col: error[SM203 lastmod-invalid]: message
//      12 |     <lastmod>2024-02-30</lastmod>
//         |              ^~~~~~~~~~
#include <algorithm>
#include <string>

#include "analysis/line_index.h"
#include "report/excerpt.h"
#include "report/source.h"
#include "report/report.h"
#include "rule.h"

namespace sitemaplint {
namespace {

struct Colors {
  const char* bold = "";
  const char* reset = "";
  const char* dim = "";
  const char* error = "";
  const char* warning = "";
  const char* info = "";
  const char* caret = "";
  const char* severity(Severity s) const {
    return s == Severity::Error ? error : s == Severity::Warning ? warning : info;
  }
};

Colors make_colors(bool enabled) {
  if (!enabled) return {};
  return Colors{"\033[1m", "\033[0m", "\033[2m", "\033[1;31m", "\033[1;33m", "\033[1;36m", "\033[1;32m"};
}

void write_source(std::ostream& out, std::string_view text, const LineIndex& index, std::size_t line,
                  std::size_t offset, std::size_t length, const Colors& c) {
  const std::string_view line_text = index.line_text(line);
  const std::size_t at = std::min(offset - static_cast<std::size_t>(line_text.data() - text.data()), line_text.size());
  // The caret spans the finding on this line, as far as the excerpt shows it, in terminal columns.
  const Excerpt excerpt = make_excerpt(line_text, at, length);
  const std::string number = std::to_string(line);
  const std::string gutter(number.size(), ' ');
  out << c.dim << ' ' << number << " | " << c.reset << excerpt.text << '\n';
  out << c.dim << ' ' << gutter << " | " << c.reset << std::string(excerpt.caret_column, ' ') << c.caret
      << '^';
  if (excerpt.caret_width > 1) out << std::string(excerpt.caret_width - 1, '~');
  out << c.reset << '\n';
}

}  // namespace

void write_human(std::span<const FileReport> reports, const RunStatus& status, const HumanStyle& style,
                 std::ostream& out) {
  const Colors c = make_colors(style.color);
  RunSources sources(reports);
  for (const FileReport& report : reports) {
    if (report.diagnostics.empty()) continue;
    const ReportSource source(report);
    const std::string path = printable(report.path);
    for (const Diagnostic& d : report.diagnostics) {
      const Position pos = source.position(d.offset);
      out << c.bold << path << ':' << pos.line << ':' << pos.column << ": " << c.reset
          << c.severity(d.severity) << severity_name(d.severity) << c.reset << c.bold << '['
          << d.rule->code << ' ' << d.rule->name << "]: " << c.reset << printable(d.message) << '\n';
      if (style.quiet) continue;
      if (d.offset < source.bytes().size()) {
        write_source(out, source.bytes(), source.index(), pos.line, d.offset, d.length, c);
      }
      if (d.related) {
        const Position related = sources.related_position(d, source);
        const std::string related_path = d.related->path.empty() ? path : printable(d.related->path);
        out << "  " << c.dim << "note: " << c.reset << printable(d.related->message) << " at " << related_path
            << ':' << related.line << ':' << related.column << '\n';
      }
      if (d.fix) out << "  " << c.dim << "fix: " << c.reset << printable(d.fix->description) << '\n';
    }
  }
  if (style.quiet) return;
  const Totals totals = count(reports);
  auto plural = [](std::size_t n, const char* word) {
    return std::to_string(n) + ' ' + word + (n == 1 ? "" : "s");
  };
  if (!reports.empty() && totals.errors + totals.warnings + totals.infos == 0) {
    out << c.bold << "No problems found" << c.reset << " in " << plural(totals.files, "file") << ".\n";
  } else if (!reports.empty()) {
    out << c.bold << "Found " << plural(totals.errors, "error") << ", " << plural(totals.warnings, "warning")
        << " and " << plural(totals.infos, "info finding") << c.reset << " in " << plural(totals.files, "file");
    if (totals.fixable) out << " (" << totals.fixable << " with a suggested fix)";
    out << ".\n";
  }
  // The summary ends with what else fails the run, so a CI log read from the bottom says why.
  if (!status.input_errors.empty()) {
    out << c.error << "error" << c.reset << c.bold << ": " << plural(status.input_errors.size(), "input")
        << " could not be read" << c.reset << ":\n";
    for (const InputError& error : status.input_errors) out << "  " << printable(error.message) << '\n';
  }
  if (status.warning_limit && status.warning_limit->exceeded()) {
    out << c.error << "error" << c.reset << c.bold << ": " << printable(status.warning_limit->message()) << c.reset
        << ".\n";
  }
}

}  // namespace sitemaplint
