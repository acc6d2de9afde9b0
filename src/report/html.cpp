#include "report/html.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "analysis/w3c_datetime.h"
#include "engine/overview.h"
#include "report/html_assets.h"
#include "report/html_findings.h"
#include "report/html_pages.h"
#include "report/markup.h"
#include "docs/rule_docs.h"
#include "report/svg_chart.h"
#include "rule.h"

namespace sitemaplint {
namespace {

constexpr std::size_t kChartRows = 15;

struct SeverityCounts {
  std::size_t error = 0, warning = 0, info = 0;
  void add(Severity s) { ++(s == Severity::Error ? error : s == Severity::Warning ? warning : info); }
  std::size_t total() const { return error + warning + info; }
  std::vector<BarSegment> segments() const {
    return {{error, "sev-error"}, {warning, "sev-warning"}, {info, "sev-info"}};
  }
};

std::size_t row_total(const BarRow& row) {
  std::size_t sum = 0;
  for (const BarSegment& s : row.segments) sum += s.value;
  return sum;
}

// The largest rows first (ties keep their order); past kChartRows, the rest summed in one row.
std::vector<BarRow> top_rows(std::vector<BarRow> rows, const std::string& noun) {
  std::stable_sort(rows.begin(), rows.end(),
                   [](const BarRow& a, const BarRow& b) { return row_total(a) > row_total(b); });
  if (rows.size() <= kChartRows) return rows;
  BarRow rest{"(others)", std::to_string(rows.size() - kChartRows + 1) + " more " + noun, {}};
  for (std::size_t i = kChartRows - 1; i < rows.size(); ++i) {
    for (std::size_t k = 0; k < rows[i].segments.size(); ++k) {
      if (rest.segments.size() <= k) rest.segments.push_back({0, rows[i].segments[k].css_class});
      rest.segments[k].value += rows[i].segments[k].value;
    }
  }
  rows.resize(kChartRows - 1);
  rows.push_back(std::move(rest));
  return rows;
}

std::vector<BarRow> count_rows(const std::map<std::string, std::size_t, std::less<>>& counts) {
  std::vector<BarRow> rows;
  for (const auto& [key, n] : counts) rows.push_back({key, key, {{n, "plain"}}});
  return rows;
}

std::string figure(const std::string& id, const std::string& caption, const std::string& body) {
  return "<figure id=\"" + id + "\"><figcaption>" + caption + "</figcaption>" + body + "</figure>\n";
}

std::string card(const std::string& key, std::size_t value, const std::string& what) {
  return "<li class=\"" + key + "\" data-total=\"" + key + "\"><span class=\"figure\">" + with_thousands(value) +
         "</span><span class=\"what\">" + what + "</span></li>";
}

std::string plural(std::size_t n, const std::string& word) {
  return with_thousands(n) + " " + word + (n == 1 ? "" : "s");
}

std::string freshness_section(const SiteOverview& site) {
  const std::size_t urls = site.urls;
  const std::vector<Share> parts{
      {"7", "changed in the last 7 days", site.lastmod_7_days, "fresh-7"},
      {"30", "8 to 30 days ago", site.lastmod_30_days, "fresh-30"},
      {"365", "31 to 365 days ago", site.lastmod_365_days, "fresh-365"},
      {"older", "over a year ago", site.lastmod_older, "fresh-older"},
      {"future", "in the future", site.lastmod_future, "fresh-future"},
      {"invalid", "not a valid date", site.lastmod_invalid, "fresh-invalid"},
      {"missing", "no lastmod", site.lastmod_missing, "fresh-missing"},
  };
  // The shares people ask for: changed within a week, a month, a year, and never dated.
  const std::size_t within_30 = site.lastmod_7_days + site.lastmod_30_days;
  const std::size_t within_365 = within_30 + site.lastmod_365_days;
  const std::vector<std::pair<std::string, std::size_t>> summary{
      {"7", site.lastmod_7_days}, {"30", within_30}, {"365", within_365}, {"missing", site.lastmod_missing}};
  std::string body = share_bar(parts, "Age of <lastmod> across " + plural(urls, "URL"));
  body += "<dl class=\"freshness\">";
  for (const auto& [key, n] : summary) {
    const std::string what = key == "missing" ? "without lastmod" : "changed in the last " + key + " days";
    body += "<div data-key=\"" + key + "\" data-value=\"" + std::to_string(n) + "\"><dt>" + what +
            "</dt><dd><span class=\"share\">" + percent(n, urls) + "</span> (<span class=\"count\">" +
            with_thousands(n) + "</span>)</dd></div>";
  }
  return body + "</dl>";
}

}  // namespace

void write_html(std::span<const FileReport> reports, const RunStatus& status, std::int64_t now, std::ostream& out) {
  const std::vector<InputError>& input_errors = status.input_errors;
  const Totals totals = count(reports);
  SiteOverview site;
  for (const FileReport& report : reports) {
    if (report.overview) site.add(*report.overview);
  }
  std::vector<BarRow> by_file;
  std::map<const RuleInfo*, SeverityCounts> by_rule;  // in rule order below
  for (const FileReport& report : reports) {
    SeverityCounts counts;
    for (const Diagnostic& d : report.diagnostics) {
      counts.add(d.severity);
      by_rule[d.rule].add(d.severity);
    }
    if (counts.total() > 0) by_file.push_back({report.path, report.path, counts.segments()});
  }
  std::vector<const RuleInfo*> rules;
  for (const auto& [rule, counts] : by_rule) rules.push_back(rule);
  std::sort(rules.begin(), rules.end(), [](const RuleInfo* a, const RuleInfo* b) { return a->id < b->id; });
  std::vector<BarRow> rule_rows;
  for (const RuleInfo* rule : rules) {
    rule_rows.push_back(
        {std::string(rule->code), std::string(rule->code) + " " + std::string(rule->name), by_rule[rule].segments()});
  }

  std::string page =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      // Nothing may be fetched: no scripts, styles, images or fonts from anywhere.
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
      "script-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>sitemaplint report</title>\n<style>" +
      std::string(html_assets::kStyle) + "</style>\n</head>\n<body>\n<header>\n<h1>sitemaplint report</h1>\n";
  page += "<p class=\"sub\">" + plural(totals.files, "file") +
          " linted with sitemaplint " SITEMAPLINT_VERSION "; lastmod ages as of " + escape_markup(format_utc(now)) +
          "</p>\n<ul class=\"cards\" id=\"totals\">" + card("files", totals.files, "files") +
          card("urls", site.urls, "URLs") + card("errors", totals.errors, "errors") +
          card("warnings", totals.warnings, "warnings") + card("infos", totals.infos, "info findings") +
          card("fixable", totals.fixable, "with a suggested fix") +
          card("input_errors", input_errors.size(), "unreadable inputs") + "</ul>\n</header>\n<main>\n";

  // Why the run failed, besides its error findings, before anything else: what CI's exit code means.
  if (!input_errors.empty()) {
    page += "<section id=\"unreadable\" class=\"run-failed\">\n<h2>" + plural(input_errors.size(), "input") +
            " could not be read</h2>\n<ul>";
    for (const InputError& error : input_errors) page += "<li>" + escape_markup(error.message) + "</li>";
    page += "</ul>\n</section>\n";
  }
  if (status.warning_limit) {
    const WarningLimit& limit = *status.warning_limit;
    page += std::string("<section id=\"max-warnings\" class=\"") + (limit.exceeded() ? "run-failed" : "run-kept") +
            "\" data-limit=\"" + std::to_string(limit.limit) + "\" data-warnings=\"" + std::to_string(limit.warnings) +
            "\" data-exceeded=\"" + (limit.exceeded() ? "true" : "false") + "\">\n<p>" +
            escape_markup(limit.exceeded() ? limit.message() + "."
                                           : plural(limit.warnings, "warning") + ", within " + limit.source + ".") +
            "</p>\n</section>\n";
  }
  if (status.pages) page += html_pages_section(*status.pages);
  page += "<div class=\"grid\">\n";
  page +=
      figure("by-rule", "Findings per rule <span class=\"note\">(click a bar to list its findings)</span>",
             rule_rows.empty() ? "<p>No findings.</p>" : bar_chart(top_rows(rule_rows, "rules"), "Findings per rule"));
  page += figure("by-file", "Findings per file",
                 by_file.empty() ? "<p>No findings.</p>" : bar_chart(top_rows(by_file, "files"), "Findings per file"));
  page += figure("freshness", "Freshness: when the " + plural(site.urls, "URL") + " last changed, by lastmod",
                 freshness_section(site));
  page += figure(
      "by-host", "URLs per host",
      site.hosts.empty() ? "<p>No URLs.</p>" : bar_chart(top_rows(count_rows(site.hosts), "hosts"), "URLs per host"));
  page +=
      figure("by-section", "URLs per top-level section",
             site.sections.empty() ? "<p>No URLs.</p>"
                                   : bar_chart(top_rows(count_rows(site.sections), "sections"), "URLs per section"));
  page += "</div>\n";

  page += html_findings_section(reports, rules);

  // Each rule that found something, documented in the page itself (as --explain prints it).
  if (!rules.empty()) {
    page += "<section id=\"rules\">\n<h2>Rules</h2>\n";
    for (const RuleInfo* rule : rules) {
      std::ostringstream docs;
      write_explanation(*rule, docs);
      const std::string code(rule->code);
      page += "<details id=\"rule-" + code + "\"><summary><b>" + code + "</b> " + std::string(rule->name) + ": " +
              escape_markup(rule->summary) + " (" + plural(by_rule[rule].total(), "finding") + ")</summary><p>" +
              "<a class=\"docs\" href=\"" + escape_markup(rule_docs_url(*rule)) + "\">" + code +
              " in the sitemaplint documentation</a></p><pre>" + escape_markup(docs.str()) + "</pre></details>\n";
    }
    page += "</section>\n";
  }
  page += "<footer>Made by sitemaplint " SITEMAPLINT_VERSION
          ". This page fetches nothing.</footer>\n</main>\n<script>" +
          std::string(html_assets::kScript) + "</script>\n</body>\n</html>\n";
  out << page;
}

}  // namespace sitemaplint
