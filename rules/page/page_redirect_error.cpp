// PAGE107 page-redirect-error: a listed URL of the live site whose redirects go wrong.
#include "rules/page/utils/http_answer.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary =
                             "A listed URL of the live site redirects in a loop, to an error, to http or "
                             "off the site",
                         .docs = R"md(
## What it does
With `--pages` on the live site (without `--root`), follows the redirects of every listed URL, up
to 10 hops, each hop fetched and checked as the first, and reports the chains that go wrong: a
loop, more than 10 hops, a chain that ends in an error status or no answer, a hop from `https` to
`http`, or a hop to another host. The message holds the whole chain.

## Why it matters
Googlebot follows at most 10 hops and gives up on a loop; Search Console reports such URLs as
**"Redirect error"**. A chain that ends in a 404 is a page gone, and a hop to `http` or to another
host is rarely what the site meant.

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
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    const std::string problem = redirect_problem(page);
    if (problem.empty()) return;
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " redirects, and " + problem + ": " + chain_for_message(page) +
                           "; list the page's final URL and fix the redirects (Search Console: \"Redirect error\")"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_redirect_error, kMeta, PageRedirectError)
