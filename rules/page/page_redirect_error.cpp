// PAGE107 page-redirect-error: a listed URL of the live site whose redirects go wrong.
#include "rules/page/utils/http_answer.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A listed URL of the live site redirects in a loop, to an error or to http",
                         .docs = R"md(
## What it does
With `--pages` on the live site (without `--root`), follows the redirects of every listed URL, up
to 10 hops, each hop fetched and checked as the first, and reports the chains that go wrong: a
loop, more than 10 hops, a chain that ends in an error status or no answer, or a hop from `https`
to `http`. The message holds the whole chain. A hop to another host that ends in a page is no
error: PAGE103 reports it as a plain redirect ("Page with redirect"), as Search Console does.

A hop that sitemaplint does not fetch for its own reasons, an internal address that
`--allow-host` does not name (fetch safety) or a URL its own robots.txt group disallows, is
reported as not fetched, with the reason, and without a Search Console status: what Google makes
of it is not known. The same is said of an `<image:loc>`, `<video:thumbnail_loc>` or
`<video:content_loc>` whose redirects go wrong, as of a file, without a Search Console status.

## Why it matters
Googlebot follows at most 10 hops and gives up on a loop; Search Console reports such URLs as
**"Redirect error"**. A chain that ends in a 404 is a page gone, and a hop to `http` is rarely
what the site meant.

## Example
```xml
<url><loc>https://example.com/a</loc></url>  <!-- /a -> /b -> /a -->
```

## Use instead
List the final URL of each page, and fix the redirects.
```xml
<url><loc>https://example.com/c/</loc></url>  <!-- answers 200 -->
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Redirect error"};

class PageRedirectError final : public PageRule {
 public:
  explicit PageRedirectError(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref, UrlFieldKind::ImageLoc,
                            UrlFieldKind::VideoThumbnailLoc, UrlFieldKind::VideoContentLoc}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    const std::string problem = redirect_problem(page);
    if (problem.empty()) return;
    // A hop sitemaplint would not fetch says nothing of what Google makes of the chain; a chain
    // that never ends (a loop, more hops than Googlebot follows) has no final URL to list.
    const int last = page.http->chain.back().status;
    const bool endless = last >= 300 && last < 400;
    // An image or a video is a file: no page report of Search Console lists it.
    const bool media = url.kind != UrlFieldKind::Loc && url.kind != UrlFieldKind::HreflangHref;
    const std::string advice = media ? "name the file where it is served, or fix the redirects"
                               : ends_unfetched(page)
                                   ? "fix the redirects, or list where they lead if it is a page to index"
                               : endless ? "fix the redirects, or remove the URL"
                                         : "fix the redirects to lead to a page that answers 200, and list that page";
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " redirects, and " + problem + ": " + chain_for_message(page) + "; " +
                           advice + (ends_unfetched(page) || media ? "" : " (Search Console: \"Redirect error\")")});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_redirect_error, kMeta, PageRedirectError)
