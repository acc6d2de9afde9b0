// PAGE101 page-not-found: a listed page that the build does not serve.
#include "rules/page/utils/http_answer.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A listed page has nothing behind it in the build: it would answer 404",
                         .docs = R"md(
## What it does
With `--pages`, works out what the host (`--host`) would answer for every `<loc>` and hreflang
alternate on the `--base-url`'s origin, from the build folder (`--root`), and reports the URLs for
which nothing in the build answers: no file, no folder with an `index.html`, no page the host's
pretty URLs or its `_redirects` rules lead to. A site's own `404.html` answers with status 404
and does not count.

On the live site (`--pages` without `--root`), reports the listed URLs that answer 404 or 410.

## Why it matters
A sitemap lists the pages a search engine should index. A URL that answers 404 is a page deleted,
renamed or never published (a draft, a page the build skipped): Search Console reports it as
**"Submitted URL not found (404)"**, and a sitemap full of them is trusted less.

## Example
```xml
<url><loc>https://example.com/old-post/</loc></url>  <!-- the build has no old-post/ -->
```

## Use instead
List only pages the build publishes: generate the sitemap from the same content the build
renders, or remove the URL.
```xml
<url><loc>https://example.com/new-post/</loc></url>  <!-- the build has new-post/index.html -->
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Submitted URL not found (404)"};

class PageNotFound final : public PageRule {
 public:
  explicit PageNotFound(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    if (page.status != PageStatus::Missing) return;
    // An alternate is not submitted as a <loc> is: Search Console names it without the word.
    const std::string search_console = url.kind == UrlFieldKind::Loc
                                           ? " (Search Console: \"Submitted URL not found (404)\")"
                                           : " (Search Console: \"Not found (404)\")";
    if (page.http_status != 0) {  // fetched from the live site
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() + " answers " + status_text(page.http_status) +
                             " on the live site; publish the page or remove the URL" + search_console});
      return;
    }
    std::string message = url.quoted_value() +
                          " has nothing behind it in the build: " + std::string(pages().host_label()) +
                          " would answer " + (page.code >= 400 && page.code != 404 ? status_text(page.code) : "404");
    if (!page.reason.empty()) message += " (" + page.reason + ")";
    out.report(
        {.at = url_span(*url.field, a), .message = message + "; publish the page or remove the URL" + search_console});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_not_found, kMeta, PageNotFound)
