#include "report/html_pages.h"

#include "report/markup.h"
#include "report/svg_chart.h"

namespace sitemaplint {
namespace {

// Unlisted pages shown at most; the JSON report lists every one.
constexpr std::size_t kListedAtMost = 1'000;

}  // namespace

std::string html_pages_section(const PagesSummary& pages) {
  const PageTally& t = pages.tally;
  std::vector<BarRow> rows;
  const auto row = [&](const char* key, const char* label, std::size_t n, const char* css) {
    rows.push_back({key, label, {{n, css}}});
  };
  row("served", "served (200)", t.served, "plain");
  row("missing", pages.live ? "missing (404, 410)" : "missing (404)", t.missing, "sev-error");
  row("soft-404", "soft 404 (an empty page, or a catch-all's answer)", t.fallback, "sev-warning");
  row("redirected", "redirected", t.redirect, "sev-warning");
  row("refused", "not readable", t.refused, "sev-warning");
  row("noindex", "served, but noindex", t.noindex, "sev-error");
  row("canonical-elsewhere", "served, canonical elsewhere", t.canonical_elsewhere, "sev-warning");
  if (pages.live) {
    row("client-error", "other 4xx (401, 403, ...)", t.client_errors, "sev-error");
    row("server-error", "5xx", t.server_errors, "sev-error");
    row("unreachable", "no answer (DNS, connection, TLS, timeout)", t.unreachable, "sev-error");
    row("other-status", "other statuses (3xx without Location, ...)", t.other_statuses, "sev-error");
    row("blocked", "blocked by robots.txt for sitemaplint", t.disallowed_by_robots(), "sev-info");
    row("robots-unreachable", "blocked (robots.txt answered 5xx or nothing)", t.robots_unreachable, "sev-error");
    row("not-fetched", "not fetched (--max-urls, --sample, host given up)", t.skipped, "sev-info");
  }
  row("other-origin", "on other origins (not checked)", t.other_origin, "sev-info");
  // A live site cannot be listed: coverage is a build's.
  if (!pages.live) row("unlisted", "indexable pages in no sitemap", pages.unlisted.size(), "sev-info");
  std::string html = "<section id=\"pages\" data-checked=\"" + std::to_string(t.checked()) + "\" data-unlisted=\"" +
                     std::to_string(pages.unlisted.size()) + "\">\n<h2>Pages of " + escape_markup(pages.source) +
                     "</h2>\n<p>" + escape_markup(pages.line()) + "</p>\n" +
                     bar_chart(rows, "What the listed URLs lead to") + "\n";
  if (!pages.redirect_chains.empty()) {
    html +=
        "<h3>Redirect chains</h3>\n<table class=\"chains\"><thead><tr><th>Listed URL</th><th>Chain</th></tr>"
        "</thead><tbody>";
    for (const auto& [url, chain] : pages.redirect_chains)
      html += "<tr><td>" + escape_markup(url) + "</td><td>" + escape_markup(chain) + "</td></tr>";
    html += "</tbody></table>\n";
  }
  if (!pages.unlisted.empty()) {
    html +=
        "<h3>Indexable pages in no sitemap</h3>\n<table class=\"unlisted\"><thead><tr><th>URL</th><th>File</th>"
        "</tr></thead><tbody>";
    for (std::size_t i = 0; i < pages.unlisted.size() && i < kListedAtMost; ++i) {
      html += "<tr><td>" + escape_markup(pages.unlisted[i].url) + "</td><td>" + escape_markup(pages.unlisted[i].file) +
              "</td></tr>";
    }
    html += "</tbody></table>\n";
    if (pages.unlisted.size() > kListedAtMost) {
      html += "<p class=\"note\">and " + std::to_string(pages.unlisted.size() - kListedAtMost) +
              " more: the JSON report lists every one.</p>\n";
    }
  }
  return html + "</section>\n";
}

}  // namespace sitemaplint
