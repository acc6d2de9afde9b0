#include "report/html_findings.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "report/excerpt.h"
#include "report/markup.h"
#include "report/packed_text.h"
#include "report/source.h"
#include "report/svg_chart.h"

namespace sitemaplint {
namespace {

// A run with more findings than this carries the first ones; the JSON report has them all.
constexpr std::size_t kMaxFindings = 200'000;

// The source line of a finding in three parts: before the span, the span, after it.
struct SourceParts {
  std::string before, mark, after;
};

SourceParts source_parts(const ReportSource& source, const Diagnostic& d, std::size_t line) {
  if (d.offset >= source.bytes().size()) return {};
  const std::string_view line_text = source.index().line_text(line);
  const std::size_t line_start = static_cast<std::size_t>(line_text.data() - source.bytes().data());
  const Excerpt excerpt = make_excerpt(line_text, d.offset - line_start, d.length);
  // The line's indentation only pushes it out of a narrow column.
  const std::size_t indent = std::min(excerpt.text.find_first_not_of(' '), excerpt.mark_begin);
  const std::string_view text = excerpt.text;
  return {std::string(text.substr(indent, excerpt.mark_begin - indent)),
          std::string(text.substr(excerpt.mark_begin, excerpt.mark_end - excerpt.mark_begin)),
          std::string(text.substr(excerpt.mark_end))};
}

// One row as HTML, as the page's script writes it (html_assets.h, renderRow).
std::string row_html(std::string_view severity, const RuleInfo& rule, const std::string& where,
                     const std::string& message, const std::string& fix, const SourceParts& source) {
  const std::string code(rule.code);
  std::string row = "<tr data-severity=\"" + std::string(severity) + "\" data-rule=\"" + code +
                    "\"><td><span class=\"badge " + std::string(severity) + "\">" + std::string(severity) +
                    "</span></td><td><a href=\"#rule-" + code + "\">" + code + "</a> " + std::string(rule.name) +
                    "</td><td class=\"where\">" + escape_markup(where) + "</td><td>" + escape_markup(message);
  if (!fix.empty()) row += "<div class=\"fix\">fix: " + escape_markup(fix) + "</div>";
  row += "</td><td class=\"src\"><code>" + escape_markup(source.before) + "<mark>" + escape_markup(source.mark) +
         "</mark>" + escape_markup(source.after) + "</code></td></tr>\n";
  return row;
}

int severity_index(Severity s) { return s == Severity::Error ? 0 : s == Severity::Warning ? 1 : 2; }

}  // namespace

std::string html_findings_section(std::span<const FileReport> reports, const std::vector<const RuleInfo*>& rules) {
  std::size_t findings = 0;
  for (const FileReport& report : reports) findings += report.diagnostics.size();
  const std::size_t carried = std::min(findings, kMaxFindings);

  nlohmann::json rule_list = nlohmann::json::array(), files = nlohmann::json::array(), rows = nlohmann::json::array();
  for (const RuleInfo* rule : rules) rule_list.push_back({rule->code, rule->name});
  const auto rule_at = [&](const RuleInfo* rule) {
    return static_cast<std::size_t>(
        std::lower_bound(rules.begin(), rules.end(), rule,
                         [](const RuleInfo* a, const RuleInfo* b) { return a->id < b->id; }) -
        rules.begin());
  };
  std::string first_page;
  std::size_t row = 0;
  for (const FileReport& report : reports) {
    if (report.diagnostics.empty() || row == carried) continue;
    const ReportSource source(report);
    files.push_back(report.path);
    const std::size_t file = files.size() - 1;
    for (const Diagnostic& d : report.diagnostics) {
      if (row == carried) break;
      const Position at = source.position(d.offset);
      const SourceParts parts = source_parts(source, d, at.line);
      const std::string fix = d.fix ? d.fix->description : std::string();
      rows.push_back({severity_index(d.severity), rule_at(d.rule), file, at.line, at.column, d.message, fix,
                      parts.before, parts.mark, parts.after});
      if (row++ < kHtmlPageRows) {
        const std::string where = report.path + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
        first_page += row_html(severity_name(d.severity), *d.rule, where, d.message, fix, parts);
      }
    }
  }

  std::string section =
      "<section id=\"findings\">\n<h2>Findings</h2>\n<div class=\"filters\">"
      "<input id=\"filter-text\" type=\"search\" placeholder=\"Filter by file, message, URL...\" aria-label=\"Filter\">"
      "<select id=\"filter-severity\" aria-label=\"Severity\"><option value=\"\">every severity</option>"
      "<option value=\"error\">errors</option><option value=\"warning\">warnings</option>"
      "<option value=\"info\">info</option></select><select id=\"filter-rule\" aria-label=\"Rule\">"
      "<option value=\"\">every rule</option>";
  for (const RuleInfo* rule : rules) {
    section += "<option value=\"" + std::string(rule->code) + "\">" + std::string(rule->code) + " " +
               std::string(rule->name) + "</option>";
  }
  section += "</select><span id=\"shown\"><span id=\"shown-count\">" + with_thousands(carried) +
             "</span> of <span id=\"total-count\">" + with_thousands(findings) + "</span> findings</span>" +
             "<span id=\"pager\" hidden><button type=\"button\" id=\"page-prev\">Previous</button> "
             "<span id=\"page-at\"></span> <button type=\"button\" id=\"page-next\">Next</button></span></div>\n";
  if (carried < findings) {
    section += "<p>The report carries the first " + with_thousands(carried) +
               " findings; the JSON report (-o json=FILE) has all of them.</p>\n";
  }
  if (carried > kHtmlPageRows) {
    section += "<noscript><p>Without script the table shows the first " + with_thousands(kHtmlPageRows) + " of " +
               with_thousands(carried) + " findings; the JSON report (-o json=FILE) has all of them.</p></noscript>\n";
  }
  section +=
      "<table>\n<thead><tr><th>Severity</th><th>Rule</th><th>Where</th><th>Message</th><th>Source</th></tr></"
      "thead>\n<tbody>\n" +
      first_page + "</tbody>\n</table>\n";
  if (findings == 0) section += "<p>No problems found.</p>\n";
  const nlohmann::json data = {{"rules", rule_list}, {"files", files}, {"rows", rows}};
  // Read by the page's script, never run: a type browsers do not execute.
  section += "<script type=\"application/octet-stream\" id=\"findings-data\" data-rows=\"" + std::to_string(carried) +
             "\">" + gzip_base64(data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) +
             "</script>\n</section>\n";
  return section;
}

}  // namespace sitemaplint
