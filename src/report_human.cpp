// Human output, in the style of compilers:
//   path:line:col: error[SM203 lastmod-invalid]: message
//      12 |     <lastmod>2024-02-30</lastmod>
//         |              ^~~~~~~~~~
#include <string>

#include "line_index.h"
#include "report.h"
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

// The source line as printed: tabs become one space (so the caret lines up) and control bytes a
// '?'; very long lines are cut to a window around the finding.
struct Excerpt {
  std::string text;
  std::size_t caret_column = 0;  // 0-based, in printed characters
};

Excerpt make_excerpt(std::string_view line, std::size_t column) {
  constexpr std::size_t kWidth = 120;
  // Work in code points so multi-byte characters count once.
  std::size_t begin_cp = column > kWidth / 2 ? column - kWidth / 2 : 0;
  Excerpt excerpt;
  std::size_t cp = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    const bool continuation = (c & 0xC0) == 0x80;
    if (!continuation) ++cp;
    if (cp <= begin_cp) continue;
    if (cp > begin_cp + kWidth) { excerpt.text += "..."; break; }
    if (c == '\t') excerpt.text += ' ';
    else if (c < 0x20 || c == 0x7F) excerpt.text += '?';
    else excerpt.text += static_cast<char>(c);
  }
  if (begin_cp > 0) excerpt.text = "..." + excerpt.text;
  excerpt.caret_column = (column - 1 - begin_cp) + (begin_cp > 0 ? 3 : 0);
  return excerpt;
}

void write_location(std::ostream& out, const std::string& path, const Position& pos) {
  out << path << ':' << pos.line << ':' << pos.column << ": ";
}

void write_source(std::ostream& out, const LineIndex& index, const Position& pos,
                  std::size_t length_cp, const Colors& c) {
  const Excerpt excerpt = make_excerpt(index.line_text(pos.line), pos.column);
  const std::string number = std::to_string(pos.line);
  const std::string gutter(number.size(), ' ');
  out << c.dim << ' ' << number << " | " << c.reset << excerpt.text << '\n';
  out << c.dim << ' ' << gutter << " | " << c.reset << std::string(excerpt.caret_column, ' ') << c.caret
      << '^';
  if (length_cp > 1) out << std::string(std::min<std::size_t>(length_cp - 1, 80), '~');
  out << c.reset << '\n';
}

std::size_t code_points(std::string_view bytes) {
  std::size_t n = 0;
  for (char ch : bytes) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
  return n;
}

}  // namespace

void write_human(std::span<const FileReport> reports, const HumanStyle& style, std::ostream& out) {
  const Colors c = make_colors(style.color);
  for (const FileReport& report : reports) {
    if (report.diagnostics.empty()) continue;
    const LineIndex index(report.bytes);
    for (const Diagnostic& d : report.diagnostics) {
      const Position pos = index.position(d.offset);
      out << c.bold;
      write_location(out, report.path, pos);
      out << c.reset << c.severity(d.severity) << severity_name(d.severity) << c.reset << c.bold << '['
          << d.rule->code << ' ' << d.rule->name << "]: " << c.reset << d.message << '\n';
      if (style.quiet) continue;
      if (d.offset < report.bytes.size()) {
        const std::size_t end = std::min(d.offset + d.length, report.bytes.size());
        const std::string_view covered = std::string_view(report.bytes).substr(d.offset, end - d.offset);
        const std::size_t newline = covered.find_first_of("\r\n");
        write_source(out, index, pos, code_points(covered.substr(0, newline)), c);
      }
      if (d.related) {
        const Position related = index.position(d.related->offset);
        out << "  " << c.dim << "note: " << c.reset << d.related->message << " at " << report.path
            << ':' << related.line << ':' << related.column << '\n';
      }
      if (d.fix) out << "  " << c.dim << "fix: " << c.reset << d.fix->description << '\n';
    }
  }
  if (style.quiet || reports.empty()) return;
  const Totals totals = count(reports);
  auto plural = [](std::size_t n, const char* word) {
    return std::to_string(n) + ' ' + word + (n == 1 ? "" : "s");
  };
  if (totals.errors + totals.warnings + totals.infos == 0) {
    out << c.bold << "No problems found" << c.reset << " in " << plural(totals.files, "file") << ".\n";
    return;
  }
  out << c.bold << "Found " << plural(totals.errors, "error") << ", " << plural(totals.warnings, "warning")
      << " and " << plural(totals.infos, "note") << c.reset << " in " << plural(totals.files, "file");
  if (totals.fixable) out << " (" << totals.fixable << " with a suggested fix)";
  out << ".\n";
}

}  // namespace sitemaplint
