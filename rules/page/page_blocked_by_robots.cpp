// PAGE106 page-blocked-by-robots: a listed URL of the live site that its robots.txt disallows.
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A listed URL of the live site is disallowed by the site's robots.txt",
                         .docs = R"md(
## What it does
With `--pages` on the live site (without `--root`), sitemaplint fetches each host's robots.txt
first and obeys it for its own product token, `sitemaplint` (a group for `sitemaplint`, else the
`*` groups), as RFC 9309 asks of every crawler: a URL it disallows is not fetched, and this rule
reports it with the rule that disallows it. As RFC 9309 says, a robots.txt that answers 4xx
allows everything, and one that answers 5xx or cannot be reached disallows everything.

## Why it matters
A sitemap that lists URLs the site's robots.txt blocks asks crawlers for pages they may not
fetch: Search Console reports them as **"Submitted URL blocked by robots.txt"**. (A group for
sitemaplint alone blocks sitemaplint alone; give it `Allow:` rules to audit such pages.)

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
                            UrlFieldKind::VideoThumbnailLoc, UrlFieldKind::VideoContentLoc}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    if (page.status != PageStatus::Blocked) return;
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " is not fetched: " +
                           (page.reason.starts_with("refused") ? page.reason : "the site's " + page.reason) +
                           "; remove the URL or allow it (Search Console: \"Submitted URL blocked by robots.txt\")"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_blocked_by_robots, kMeta, PageBlockedByRobots)
