// Human output, in the style of compilers:
//   path:line:col: error[SM203 lastmod-invalid]: message
//      12 |     <lastmod>2024-02-30</lastmod>
//         |              ^~~~~~~~~~
#include <algorithm>
#include <charconv>
#include <optional>
#include <string>

#include "analysis/line_index.h"
#include "report/excerpt.h"
#include "report/source.h"
#include "report/report.h"
#include "rule.h"

namespace sitemaplint {
namespace {

// From this many findings on, the report ends with their count per rule.
constexpr std::size_t kGroupedSummaryAt = 20;
// How far around a finding its line is looked for before the index of lines is asked.
constexpr std::size_t kShortLine = 4096;

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

// Appends each piece: text, a character or a number.
void append_piece(std::string& out, std::string_view text) { out += text; }
void append_piece(std::string& out, char c) { out += c; }
void append_piece(std::string& out, std::size_t n) {
  char digits[24];
  out.append(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, n).ptr - digits));
}
template <class... Pieces>
void append(std::string& out, const Pieces&... pieces) {
  (append_piece(out, pieces), ...);
}

void write_source(std::string& out, std::string_view text, const LineIndex& index, std::size_t line, std::size_t offset,
                  std::size_t length, const Colors& c) {
  // A line of usual length is found around the finding; the index, which finds every line before
  // it, only for a long one.
  const std::optional<std::string_view> short_line = short_line_at(text, offset, kShortLine);
  const std::string_view line_text = short_line ? *short_line : index.line_text(line);
  const std::size_t at = std::min(offset - static_cast<std::size_t>(line_text.data() - text.data()), line_text.size());
  // The caret spans the finding on this line, as far as the excerpt shows it, in terminal columns.
  const Excerpt excerpt = make_excerpt(line_text, at, length);
  char digits[24];
  const std::string_view number(
      digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, line).ptr - digits));
  append(out, c.dim, ' ', number, " | ", c.reset, excerpt.text, '\n');
  append(out, c.dim, ' ');
  out.append(number.size(), ' ');
  append(out, " | ", c.reset);
  out.append(excerpt.caret_column, ' ');
  append(out, c.caret, '^');
  if (excerpt.caret_width > 1) out.append(excerpt.caret_width - 1, '~');
  append(out, c.reset, '\n');
}

// A long report ends with what it amounts to: errors first, each rule once with its count, so 222
// errors are not lost among 786 notes scrolled past; and how to hide the notes.
void write_grouped_summary(std::span<const FileReport> reports, const Totals& totals, const Colors& c,
                           std::ostream& out) {
  std::vector<RuleCount> rows = count_by_rule(reports);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const RuleCount& a, const RuleCount& b) { return a.highest() > b.highest(); });
  std::size_t count_width = 1, code_width = 1, name_width = 1;
  for (const RuleCount& row : rows) {
    count_width = std::max(count_width, std::to_string(row.count).size());
    code_width = std::max(code_width, row.rule->code.size());
    name_width = std::max(name_width, row.rule->name.size());
  }
  out << '\n' << c.bold << "Findings per rule:" << c.reset << '\n';
  for (const RuleCount& row : rows) {
    const std::string count = std::to_string(row.count);
    const std::string name(row.rule->name);
    const std::string_view code = row.rule->code;
    out << "  " << std::string(count_width - count.size(), ' ') << count << "  " << code
        << std::string(code_width - code.size() + 1, ' ') << name << std::string(name_width - name.size(), ' ') << "  ";
    // A rule whose severity differs between files (overrides) shows each part.
    const std::pair<Severity, std::size_t> parts[] = {
        {Severity::Error, row.errors}, {Severity::Warning, row.warnings}, {Severity::Info, row.infos}};
    bool first = true;
    for (const auto& [severity, n] : parts) {
      if (n == 0) continue;
      if (!first) out << ", ";
      if (n != row.count) out << n << ' ';
      out << c.severity(severity) << severity_name(severity) << c.reset;
      first = false;
    }
    if (row.fixable)
      out << c.dim << " (" << (row.fixable == row.count ? "fixable" : std::to_string(row.fixable) + " fixable") << ')'
          << c.reset;
    out << '\n';
  }
  if (totals.infos > 0 && totals.errors + totals.warnings > 0) {
    out << c.dim << "(--min-severity warning would leave out the " << totals.infos << " info finding"
        << (totals.infos == 1 ? "" : "s") << ")" << c.reset << '\n';
  }
}

}  // namespace

void write_human(std::span<const FileReport> reports, const RunStatus& status, const HumanStyle& style,
                 std::ostream& out) {
  const Colors c = make_colors(style.color);
  RunSources sources(reports);
  // The findings are put together in memory and handed to the stream in large pieces: std::cout,
  // synchronised with C's stdio, would take each of a finding's dozen << through fwrite and its
  // lock.
  constexpr std::size_t kPieceSize = 64 * 1024;
  std::string text;
  text.reserve(kPieceSize + 4096);
  for (const FileReport& report : reports) {
    if (report.diagnostics.empty()) continue;
    const ReportSource source(report);
    const std::string path = printable(report.path);
    const std::vector<Diagnostic>& findings = report.diagnostics;
    for (std::size_t i = 0; i < findings.size(); ++i) {
      const Diagnostic& d = findings[i];
      // The line of a later finding, which its excerpt shows.
      if (!style.quiet && i + ReportSource::kPrefetchAhead < findings.size()) {
        source.prefetch(findings[i + ReportSource::kPrefetchAhead].offset);
      }
      if (text.size() >= kPieceSize) {
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        text.clear();
      }
      const Position pos = source.position(d.offset);
      append(text, c.bold, path, ':', pos.line, ':', pos.column, ": ", c.reset, c.severity(d.severity),
             severity_name(d.severity), c.reset, c.bold, '[', d.rule->code, ' ', d.rule->name, "]: ", c.reset);
      append_printable(d.message, text);
      text += '\n';
      if (style.quiet) continue;
      if (d.offset < source.bytes().size()) {
        write_source(text, source.bytes(), source.index(), pos.line, d.offset, d.length, c);
      }
      if (d.related) {
        const Position related = sources.related_position(d, source);
        append(text, "  ", c.dim, "note: ", c.reset);
        append_printable(d.related->message, text);
        append(text, " at ");
        if (d.related->path.empty()) text += path;
        else append_printable(d.related->path, text);
        append(text, ':', related.line, ':', related.column, '\n');
      }
      if (d.fix) {
        append(text, "  ", c.dim, "fix: ", c.reset);
        append_printable(d.fix->description, text);
        text += '\n';
      }
    }
  }
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (style.quiet) return;
  const Totals totals = count(reports);
  auto plural = [](std::size_t n, const char* word) { return std::to_string(n) + ' ' + word + (n == 1 ? "" : "s"); };
  // What the minimum severity hid is said, so a clean-looking run is not mistaken for a clean site.
  std::string left_out = style.left_out ? "; " + plural(style.left_out, "finding") + " below " +
                                              std::string(severity_name(style.min_severity)) + " not shown"
                                        : "";
  if (status.baseline_hidden)
    left_out += "; " + plural(*status.baseline_hidden, "finding") + " in the baseline not shown";
  const std::size_t findings = totals.errors + totals.warnings + totals.infos;
  if (!reports.empty() && findings == 0) {
    out << c.bold << "No problems found" << c.reset << " in " << plural(totals.files, "file") << left_out << ".\n";
  } else if (!reports.empty()) {
    if (findings >= kGroupedSummaryAt) write_grouped_summary(reports, totals, c, out);
    out << c.bold << "Found " << plural(totals.errors, "error") << ", " << plural(totals.warnings, "warning") << " and "
        << plural(totals.infos, "info finding") << c.reset << " in " << plural(totals.files, "file");
    if (totals.fixable) out << " (" << totals.fixable << " with a suggested fix)";
    out << left_out << ".\n";
  }
  if (status.pages) out << printable(status.pages->line()) << '\n';
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
