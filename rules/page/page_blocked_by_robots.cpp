// PAGE106 page-blocked-by-robots: a listed URL of the live site that its robots.txt disallows.
#include <set>
#include <string>

#include "host_name.h"
#include "robots_scope.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A listed URL of the live site is disallowed by the site's robots.txt",
                         .docs = R"md(
## What it does
With `--pages` on the live site (without `--root`), sitemaplint fetches each host's robots.txt
first and judges every listed URL by it as Search Console does: with Googlebot's rules (the groups
for the product token `googlebot`, else the `*` groups, as RFC 9309 selects them and as ROBOTS201
matches them). A URL disallowed for Googlebot is reported with the rule that disallows it.

sitemaplint itself obeys the robots.txt for its own product token, `sitemaplint` (a group for
`sitemaplint`, else the `*` groups): a URL disallowed for it is not fetched, and counted in the
summary as "blocked by robots.txt for sitemaplint", and PAGE108 says so once for its
host, which is no Search Console status
(a group for sitemaplint alone blocks sitemaplint alone; give it `Allow:` rules to audit such
pages). As RFC 9309 says, a robots.txt that answers 4xx allows everything, and one that answers
5xx or cannot be reached disallows everything (and so does 429, which Google counts as a server
error): Google crawls nothing of the host for a while, and
that is reported once for the host, not for each URL.

When the run also has a robots.txt of the same site (`--robots`), ROBOTS201 reports the URLs it
blocks for Googlebot, with the blocking rule as a related location in the file the run names;
this rule leaves those URLs to it, so that one URL is not reported twice.

## Why it matters
A sitemap that lists URLs the site's robots.txt blocks asks Googlebot for pages it may not
fetch: Search Console reports them as **"Submitted URL blocked by robots.txt"**.

## Example
```text
# robots.txt
User-agent: *
Disallow: /drafts/
```
```xml
<url><loc>https://example.com/drafts/post/</loc></url>
```

## Use instead
Remove the URL from the sitemap, or allow it in robots.txt:
```text
# robots.txt
User-agent: *
Disallow: /drafts/
Allow: /drafts/post/
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Submitted URL blocked by robots.txt"};

class PageBlockedByRobots final : public PageRule {
 public:
  explicit PageBlockedByRobots(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref, UrlFieldKind::ImageLoc,
                            UrlFieldKind::VideoThumbnailLoc, UrlFieldKind::VideoContentLoc}),
        robots_(settings.robots) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    if (!page.http) return;
    const HttpDetails& http = *page.http;
    if (http.robots_unreachable) {
      // Every URL of the host alike: said once, for the host.
      if (!page.first_of_host_given_up) return;
      // That URL may stand in several fields (a <loc> and the alternates that name it): once.
      if (!said_for_.insert(normal_origin(a.trimmed)).second) return;
      // A fetch sitemaplint refused (an internal address) is its own reason, and no Search Console status.
      out.report(
          {.at = url_span(*url.field, a),
           .message = url.quoted_value() + " and the other URLs of its host: " +
                      (http.googlebot_disallowed.empty() ? "not fetched: " + page.reason
                                                         : http.googlebot_disallowed + "; nothing was fetched")});
      return;
    }
    if (http.googlebot_disallowed.empty()) return;
    // ROBOTS201 reports it, from the robots.txt the run names, with the rule's line.
    const std::string_view ascii = a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form);
    if (robots_ && !robots_->rules->groups.empty() && robots_governs(*robots_, url, ascii) &&
        !robots_->googlebot.verdict(robots_target(ascii)).allowed)
      return;
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " is disallowed for Googlebot by the site's " +
                           http.googlebot_disallowed + (page.status == PageStatus::Blocked ? " (not fetched)" : "") +
                           "; remove the URL or allow it (Search Console: \"Submitted URL blocked by robots.txt\")"});
  }

 private:
  std::shared_ptr<const SiteRobots> robots_;  // the run's own (--robots), which ROBOTS201 matches
  std::set<std::string> said_for_;  // the origins whose unreachable robots.txt is reported
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_blocked_by_robots, kMeta, PageBlockedByRobots)
