// ROBOTS201 robots-blocked-url: a sitemap lists a URL that the site's robots.txt blocks for Googlebot.
#include "analysis/robots_match.h"
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A sitemap lists a URL that the site's robots.txt blocks for Googlebot",
                         .docs = R"md(
## What it does
When the run has a robots.txt (`--robots`, or `robots = "..."` in `sitemaplint.toml`), matches
every `<loc>` of a sitemap, and every sitemap an index lists, against its rules for Googlebot as
RFC 9309 defines them: the `User-agent: Googlebot` groups (or the `*` groups when there is none),
the longest matching `Allow` or `Disallow` pattern deciding, `Allow` winning a tie, `*` and `$`
as wildcards. A blocked URL is reported with the rule that blocks it and its line in the
robots.txt, which is also given as a related location.

A robots.txt governs only its own scheme, host and port: URLs on other origins are not checked.
The origin is `--base-url`'s when it is given, else a fetched robots.txt's own URL's; a local
robots.txt without `--base-url` is taken to be the robots.txt of every URL the sitemaps list.
The robots.txt's own `Sitemap:` lines are not checked against it.

A URL is matched against at most 1,000 rules with text after a `*`: each is a search of the URL,
and a robots.txt may hold tens of thousands in its 500 KiB. When more of them could apply to one
URL (their text before the first `*` starts it), those with a shorter such text are kept first,
then the first in the file; the rest are reported once, at the first of them in the robots.txt,
and the verdicts are made without them.

## Why it matters
A sitemap asks search engines to crawl its URLs; a robots.txt rule forbids it. Googlebot obeys
the robots.txt, so the page is not crawled and its content never read (it may still be indexed
from links, without a description), while Search Console warns "Sitemap contains URLs which are
blocked by robots.txt". Either the URL should not be in the sitemap or the rule is wider than
meant.

## Example
```text
robots.txt:   User-agent: *
              Disallow: /private/
sitemap.xml:  <url><loc>https://example.com/private/report</loc></url>
```

## Use instead
```text
robots.txt:   User-agent: *
              Disallow: /private/
sitemap.xml:  <url><loc>https://example.com/reports/2024</loc></url>
```
Or narrow the rule so that it no longer matches the pages you want crawled.
)md",
                         .authorities = kRfc9309 | kGoogle,
                         .search_console = "Sitemap contains URLs which are blocked by robots.txt"};

class RobotsBlockedUrl final : public Rule {
 public:
  explicit RobotsBlockedUrl(const RuleSettings& settings) : robots_(settings.robots) {}

  void subscribe(Subscriptions& s) const override {
    s.document();  // a robots.txt with more rules than a URL is matched against
    if (robots_ && !robots_->googlebot.empty()) s.urls({UrlFieldKind::Loc});  // without rules, nothing is blocked
  }

  // The rules past kRobotsWildcardRulesPerUrl, reported in the robots.txt itself: the verdicts on
  // the sitemaps' URLs are made without them.
  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots) return;
    const std::string_view googlebot[] = {kGooglebot};
    const RobotsMatcher matcher(*doc.robots, googlebot);
    if (matcher.ignored() == 0) return;
    const RobotsRule& first = *matcher.first_ignored();
    const bool one = matcher.ignored() == 1;
    out.report({.at = {first.offset, first.text.size()},
                .message = quoted(first.text) +
                           (one ? ", one of Googlebot's rules with text after a '*', is"
                                : " and " + grouped(matcher.ignored() - 1) +
                                      " more of Googlebot's rules with text after a '*' are") +
                           " not matched against sitemap URLs: sitemaplint matches a URL against at most " +
                           grouped(kRobotsWildcardRulesPerUrl) +
                           " such rules (each is a search of the URL), so the verdicts on URLs " +
                           (one ? "it" : "they") + " would decide are made without " + (one ? "it" : "them")});
  }

  void on_url(const UrlField& url, FindingSink& out) override {
    // A robots.txt's own Sitemap: lines are not pages to crawl.
    if (!robots_ || robots_->googlebot.empty() || url.kind != UrlFieldKind::Loc || url.entry->from_robots) return;
    const UrlAnalysis& a = url.analysis();
    // Invalid URLs are the url rules' business; a non-ASCII one is matched in its ASCII form.
    if (a.shape != UrlShape::Http || !a.syntax_valid || !a.valid_utf8) return;
    const std::string_view ascii = a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form);
    if (robots_->site) {
      const ScopeMismatch mismatch = check_scope(*robots_->site, ascii).mismatch;
      if (mismatch != ScopeMismatch::None && mismatch != ScopeMismatch::Path) return;  // another origin
    }
    const RobotsVerdict verdict = robots_->googlebot.verdict(robots_target(ascii));
    if (verdict.allowed) return;
    const RobotsRule& rule = *verdict.rule;
    const std::string where = quoted(rule.text) + " (robots.txt:" + std::to_string(rule.line) + ")";
    const std::string message =
        url.entry->kind == EntryKind::Sitemap
            ? "the sitemap " + quoted(a.trimmed) + " is blocked for Googlebot by " + where +
                  ", so crawlers that obey robots.txt do not fetch it"
            : quoted(a.trimmed) + " is blocked for Googlebot by " + where +
                  ", so Google does not crawl it (Search Console: \"Sitemap contains URLs which are blocked by "
                  "robots.txt\")";
    const Span span = url_span(*url.field, a);
    out.report({.at = span,
                .message = message,
                .related = RelatedLocation{rule.offset, "the rule that blocks it", robots_->path}});
  }

 private:
  std::shared_ptr<const SiteRobots> robots_;  // the run's, indexed once for all its files
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_blocked_url, kMeta, RobotsBlockedUrl)
