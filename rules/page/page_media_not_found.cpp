// PAGE301 page-media-not-found: an image or video URL on the site with no file behind it.
#include "rules/page/utils/http_answer.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An image or video URL on the site has no file behind it in the build",
                         .docs = R"md(
## What it does
With `--pages`, works out what the host would answer for every `<image:loc>`,
`<video:thumbnail_loc>` and `<video:content_loc>` on the `--base-url`'s origin, and reports those
that nothing in the build answers (404), and those answered only by a catch-all page. URLs on
other origins (a CDN) are not checked. On the live site (`--pages` without `--root`), reports
those that answer 404 or 410, and those that answer 204 No Content or 205 Reset Content: an empty
answer, with no file in it.

## Why it matters
Google fetches the image or video file a sitemap names; one that answers 404 is not indexed, and
a video without its thumbnail is not shown in video results.

## Example
```xml
<image:image><image:loc>https://example.com/img/gone.jpg</image:loc></image:image>
```

## Use instead
Publish the file, or correct the URL.
```xml
<image:image><image:loc>https://example.com/img/logo.png</image:loc></image:image>
```
)md",
                         .authorities = kGoogle};

class PageMediaNotFound final : public PageRule {
 public:
  explicit PageMediaNotFound(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::ImageLoc, UrlFieldKind::VideoThumbnailLoc, UrlFieldKind::VideoContentLoc}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    if (page.http_status == 204 || page.http_status == 205) {
      // An empty answer, to HEAD as to GET: there is no file to index.
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() + " answers " + status_text(page.http_status) +
                             " on the live site: no file to index; publish the file or correct the URL"});
    } else if (page.status == PageStatus::Missing && page.http_status != 0) {  // the live site's answer
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() + " answers " + status_text(page.http_status) +
                             " on the live site; publish the file or correct the URL"});
    } else if (page.status == PageStatus::Missing) {
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() +
                             " has no file behind it in the build: " + std::string(pages().host_label()) +
                             " would answer 404; publish the file or correct "
                             "the URL"});
    } else if (page.status == PageStatus::Fallback) {
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() +
                             " has no file behind it in the build: " + std::string(pages().host_label()) +
                             " answers it with the page " + page.file + ", not a media file (" + page.reason + ")"});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_media_not_found, kMeta, PageMediaNotFound)
