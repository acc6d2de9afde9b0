// PAGE102 page-soft-404: a listed page that only a catch-all answers.
#include "rules/page/utils/http_answer.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A listed page is answered only by a catch-all fallback: a soft 404",
                         .docs = R"md(
## What it does
With `--pages`, reports the listed URLs for which no page of their own exists, but the host
answers with status 200 all the same: a `_redirects` rule that rewrites every path to one page
(`/* /index.html 200`, a single-page app's fallback), or Cloudflare Pages' own fallback to
`/index.html` for a build without a `404.html`. On the live site (`--pages` without `--root`),
sitemaplint asks each host for one path that cannot exist first; when the host answers it with
200 and an HTML page, every listed page that answers with the same page (the same title, or the
same bytes) is reported.

## Why it matters
The crawler gets the home page (or the app shell) with status 200 for a page that does not exist.
Google detects such pages and reports them as **"Submitted URL seems to be a Soft 404"**; until
then, the same content stands at many URLs.

## Example
```text
# _redirects
/*  /index.html  200
```
```xml
<url><loc>https://example.com/no-such-page</loc></url>
```

## Use instead
Publish the page, or remove the URL. For a single-page app, render a real page for every URL
the sitemap lists, and give unknown paths a `404.html`:
```text
# _redirects: only the app's own routes reach the app
/app/*  /app/index.html  200
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Submitted URL seems to be a Soft 404"};

class PageSoft404 final : public PageRule {
 public:
  explicit PageSoft404(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    if (page.status != PageStatus::Fallback) return;
    if (page.http_status != 0) {  // fetched from the live site
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() + " answers 200 with " + page.reason +
                             ": a soft 404; publish the page or remove the URL (Search Console: \"Submitted URL seems "
                             "to be a Soft 404\")"});
      return;
    }
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " has no page of its own in the build, but " +
                           std::string(pages().host_label()) + " answers it with " + page.file + " and status 200 (" +
                           page.reason + "): a soft 404; publish the page or remove the URL",
                .related = page_file_location(page, 0, "the page served instead")});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_soft_404, kMeta, PageSoft404)
