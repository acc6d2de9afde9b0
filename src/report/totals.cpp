#include "report/report.h"

#include "analysis/message_text.h"

namespace sitemaplint {

Totals count(std::span<const FileReport> reports) {
  Totals totals;
  totals.files = reports.size();
  for (const FileReport& report : reports) {
    for (const Diagnostic& d : report.diagnostics) {
      switch (d.severity) {
        case Severity::Error: ++totals.errors; break;
        case Severity::Warning: ++totals.warnings; break;
        case Severity::Info: ++totals.infos; break;
      }
      if (d.fix) ++totals.fixable;
    }
  }
  return totals;
}

std::string WarningLimit::message() const {
  return counted(warnings, "warning") + (warnings == 1 ? " exceeds " : " exceed ") + source;
}

std::string PagesSummary::line() const {
  const PageTally& t = tally;
  // robots.txt kept every listed URL from being fetched: the run says why, not that it checked them.
  const bool none_fetched = t.checked() > 0 && t.checked() == t.blocked;
  std::string text = "Pages of " + source + ": " + counted(t.checked(), "listed URL") +
                     (none_fetched ? ", none fetched: " : " checked");
  std::string parts;
  const auto part = [&](std::size_t n, const std::string& what) {
    if (n) parts += (parts.empty() ? "" : ", ") + std::to_string(n) + " " + what;
  };
  part(t.served, "served");
  part(t.missing, "missing");
  part(t.fallback, "soft 404");
  part(t.redirect, "redirected");
  part(t.refused, "not readable");
  part(t.client_errors, "answering another 4xx");
  part(t.server_errors, "answering 5xx");
  part(t.unreachable, "unreachable");
  part(t.other_statuses, t.other_statuses == 1 ? "other status" : "other statuses");
  // Checked against robots.txt, and left unfetched by it: not among the URLs left out (past
  // --max-urls, say), which the run never took up.
  part(t.disallowed_by_robots(), "blocked by robots.txt for sitemaplint");
  part(t.robots_unreachable, "blocked (robots.txt answered 5xx or nothing, which disallows all)");
  if (none_fetched) {
    if (t.robots_unreachable == 0) {
      text += "robots.txt disallows sitemaplint";
    } else if (t.robots_unreachable == t.blocked) {
      text += "robots.txt answered 5xx or nothing, which disallows all";
    } else {
      text += std::to_string(t.disallowed_by_robots()) + " disallowed for sitemaplint by robots.txt, " +
              std::to_string(t.robots_unreachable) + " on hosts whose robots.txt answered 5xx or nothing";
    }
  } else if (!parts.empty()) {
    text += " (" + parts + ")";
  }
  if (t.noindex || t.canonical_elsewhere) {
    text += "; of the served, ";
    if (t.noindex) text += std::to_string(t.noindex) + " noindex";
    if (t.noindex && t.canonical_elsewhere) text += " and ";
    if (t.canonical_elsewhere) text += std::to_string(t.canonical_elsewhere) + " canonical elsewhere";
  }
  if (t.other_origin) text += "; " + counted(t.other_origin, "URL") + " on other origins not checked";
  if (!unlisted.empty()) text += "; " + counted(unlisted.size(), "indexable page") + " in no sitemap";
  if (t.skipped)
    text += "; " + counted(t.skipped, "listed URL") + " not fetched" + (note.empty() ? "" : " (" + note + ")");
  return text + ".";
}

}  // namespace sitemaplint
