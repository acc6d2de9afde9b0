// PAGE105 page-fetch-error: a listed page of the live site that answers an error, or nothing.
#include <set>
#include <string>

#include "host_name.h"
#include "rules/page/utils/http_answer.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A listed page of the live site answers an error status, or cannot be reached",
                         .docs = R"md(
## What it does
With `--pages` on the live site (without `--root`), reports the listed URLs that answer an error
other than 404 and 410 (which PAGE101 reports): 401, 403 and the other 4xx statuses, 5xx, and URLs
that give no answer at all (the host's name does not resolve, the connection or TLS fails, the
answer does not come within `--timeout`, the connection is dropped, or the headers are cut short
or larger than libcurl takes), and redirect statuses with nothing to follow (no `Location`, or a
304 Not Modified to a request that asked for none), which Search Console reports as a **"Redirect
error"**. A 429 or 503 is asked
once more, after the wait its `Retry-After` asks for, before it counts. A host that fails eight
times in a row, asks for a wait of more than two minutes, or for one of more than 10 seconds again once
it is over, is given up for the run: its other URLs are not fetched, and this rule reports that once, on the
first of them.

## Why it matters
Search Console reports such URLs in the Page indexing report as **"Blocked due to access forbidden
(403)"**, **"Blocked due to unauthorized request (401)"**, **"Blocked due to other 4xx issue"** or
**"Server error (5xx)"** (where Google counts 429 too, an overloaded server's answer), and does
not index them. Repeated 5xx answers and timeouts also make
Googlebot crawl the whole site more slowly.

## Example
```xml
<url><loc>https://example.com/members/</loc></url>  <!-- answers 403 -->
```

## Use instead
List only pages that anyone may read, and fix the server errors; a page behind a login does not
belong in a sitemap.
```xml
<url><loc>https://example.com/about/</loc></url>  <!-- answers 200 -->
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Blocked due to access forbidden (403); Server error (5xx)"};

class PageFetchError final : public PageRule {
 public:
  explicit PageFetchError(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref, UrlFieldKind::ImageLoc,
                            UrlFieldKind::VideoThumbnailLoc, UrlFieldKind::VideoContentLoc}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    // Said once for the host, at the URL that met it first, in whichever fields it stands.
    if (page.status == PageStatus::Skipped && page.first_of_host_given_up &&
        said_for_.insert(normal_origin(a.trimmed)).second) {
      // page.reason: "HOST was given up after N failures in a row", said once for the host.
      const bool in_a_row = page.reason.ends_with(" in a row");
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() +
                             " was not fetched, nor any other URL of its host after it: " + page.reason +
                             (in_a_row ? " (errors, or no answer)" : "") + "; check the server, then run again"});
      return;
    }
    if (page.status != PageStatus::Failed) return;
    const std::string what =
        page.http_status ? "answers " + status_text(page.http_status) : "gives no answer (" + page.reason + ")";
    std::string message = url.quoted_value() + " " + what + " on the live site";
    if (page.http_status == 429 || page.http_status == 503 || (page.http_status >= 300 && page.http_status < 400))
      message += " (" + page.reason + ")";
    // An image or a video is a file, not a page: Search Console's page report does not list it.
    const bool media = url.kind != UrlFieldKind::Loc && url.kind != UrlFieldKind::HreflangHref;
    const std::string search_console = media ? "" : search_console_reason(page.http_status);
    out.report({.at = url_span(*url.field, a),
                .message = message +
                           (media ? "; name only files that answer 200" : "; list only pages that answer 200") +
                           (search_console.empty() ? "" : " (Search Console: \"" + search_console + "\")")});
  }

 private:
  std::set<std::string> said_for_;  // the origins given up, said
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_fetch_error, kMeta, PageFetchError)
