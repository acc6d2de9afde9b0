// Human output, in the style of compilers:
//   path:line:col: error[SM203 lastmod-invalid]: message
//      12 |     <lastmod>2024-02-30</lastmod>
//         |              ^~~~~~~~~~
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <unicode/utf8.h>

#include "analysis/line_index.h"
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

// Appends `bytes` as a terminal may safely show them: each code point as itself, but control
// characters (C0, DEL, C1), bidirectional overrides and ill-formed UTF-8 as '?' and a tab as a
// space. Input bytes are untrusted: an escape sequence quoted from a file must not reach the
// terminal. Returns the number of characters appended.
std::size_t append_printable(std::string_view bytes, std::string& out) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  const auto length = static_cast<std::int64_t>(bytes.size());
  std::size_t columns = 0;
  for (std::int64_t at = 0; at < length;) {
    const std::int64_t begin = at;
    if (data[at] >= 0x20 && data[at] < 0x7F) {  // printable ASCII, the usual case
      out += static_cast<char>(data[at++]);
      ++columns;
      continue;
    }
    UChar32 c;
    U8_NEXT(data, at, length, c);
    ++columns;
    const bool bidi = (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    if (c == '\t') out += ' ';
    else if (c < 0x20 || (c >= 0x7F && c < 0xA0) || bidi) out += '?';
    else out.append(bytes.substr(static_cast<std::size_t>(begin), static_cast<std::size_t>(at - begin)));
  }
  return columns;
}

std::string printable(std::string_view bytes) {
  std::string out;
  append_printable(bytes, out);
  return out;
}

// The offsets in `text` where each code point (or ill-formed subsequence) starts.
std::vector<std::size_t> boundaries(std::string_view text) {
  std::vector<std::size_t> starts;
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int64_t>(text.size());
  for (std::int64_t at = 0; at < length;) {
    starts.push_back(static_cast<std::size_t>(at));
    UChar32 c;
    U8_NEXT(data, at, length, c);
  }
  return starts;
}

struct Excerpt {
  std::string text;
  std::size_t caret_column = 0;  // 0-based, in printed characters
};

// The line around byte `at` of it: all of a short line, a window of about 60 characters either
// side of a long one. Only the window is decoded, so a 100 MB line costs no more than a short one.
Excerpt make_excerpt(std::string_view line, std::size_t at) {
  constexpr std::size_t kColumnsBefore = 60, kColumnsAfter = 60, kMaxBytesPerColumn = 4;
  std::size_t begin = at > kColumnsBefore * kMaxBytesPerColumn ? at - kColumnsBefore * kMaxBytesPerColumn : 0;
  while (begin > 0 && begin < at && (static_cast<unsigned char>(line[begin]) & 0xC0) == 0x80) ++begin;
  const std::vector<std::size_t> before = boundaries(line.substr(begin, at - begin));
  if (before.size() > kColumnsBefore) begin += before[before.size() - kColumnsBefore];
  const std::size_t tail = std::min(line.size() - at, kColumnsAfter * kMaxBytesPerColumn);
  const std::vector<std::size_t> after = boundaries(line.substr(at, tail));
  std::size_t end = at + tail;
  if (after.size() > kColumnsAfter) end = at + after[kColumnsAfter];
  Excerpt excerpt;
  if (begin > 0) excerpt.text = "...";
  excerpt.caret_column = excerpt.text.size() + append_printable(line.substr(begin, at - begin), excerpt.text);
  append_printable(line.substr(at, end - at), excerpt.text);
  if (end < line.size()) excerpt.text += "...";
  return excerpt;
}

void write_source(std::ostream& out, std::string_view text, const LineIndex& index, std::size_t line,
                  std::size_t offset, std::size_t length, const Colors& c) {
  const std::string_view line_text = index.line_text(line);
  const std::size_t at = std::min(offset - static_cast<std::size_t>(line_text.data() - text.data()), line_text.size());
  const Excerpt excerpt = make_excerpt(line_text, at);
  // The caret spans the finding on this line, at most 80 characters.
  const std::string_view covered = line_text.substr(at, std::min({length, line_text.size() - at, std::size_t{320}}));
  const std::size_t width = std::min<std::size_t>(boundaries(covered).size(), 80);
  const std::string number = std::to_string(line);
  const std::string gutter(number.size(), ' ');
  out << c.dim << ' ' << number << " | " << c.reset << excerpt.text << '\n';
  out << c.dim << ' ' << gutter << " | " << c.reset << std::string(excerpt.caret_column, ' ') << c.caret
      << '^';
  if (width > 1) out << std::string(width - 1, '~');
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
