// PAGE302 page-media-type: an image or video URL of the live site that serves something else.
#include "analysis/ascii.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary =
                             "An image or video URL of the live site is served with a type that is no image "
                             "or video",
                         .docs = R"md(
## What it does
With `--pages` on the live site (without `--root`), asks for every `<image:loc>`,
`<video:thumbnail_loc>` and `<video:content_loc>` on the site (with HEAD when its name ends in an
image or video extension) and reports those that answer 200 with a `Content-Type` that is not an
image (`<image:loc>`, `<video:thumbnail_loc>`) or a video (`<video:content_loc>`): most often an
HTML page, a login form or an error page served with 200. A URL that redirects is judged by the
answer its redirects end at. A video file is often served as a stream of its own kind, so
`<video:content_loc>` also passes as `application/octet-stream` (a file to download), and as an
HLS or DASH playlist (`application/vnd.apple.mpegurl`, `application/x-mpegurl`,
`application/dash+xml`); an image has no such excuse: `application/octet-stream` for an
`<image:loc>` is reported, since browsers and image search do not take it for an image.

## Why it matters
Google indexes the file a sitemap names; an HTML page where an image should be is not indexed in
image search, and a video without a proper thumbnail is not shown in video results.

## Example
```xml
<image:image><image:loc>https://example.com/img/logo</image:loc></image:image>  <!-- text/html -->
```

## Use instead
Name the file itself.
```xml
<image:image><image:loc>https://example.com/img/logo.png</image:loc></image:image>  <!-- image/png -->
```
)md",
                         .authorities = kGoogle};

class PageMediaType final : public PageRule {
 public:
  explicit PageMediaType(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::ImageLoc, UrlFieldKind::VideoThumbnailLoc, UrlFieldKind::VideoContentLoc}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    // A media URL that redirects is judged by where it ends: an image behind a redirect to a login
    // page is no image.
    const bool redirected = page.status == PageStatus::Redirect && page.http && page.http->chain.size() >= 2;
    const int status = redirected ? page.http->chain.back().status : page.http_status;
    if (status < 200 || status >= 300 || !page.http || page.http->content_type.empty()) return;
    const std::string& content_type = page.http->content_type;
    if (!redirected && page.status != PageStatus::Served && page.status != PageStatus::Fallback) return;
    const std::string type = ascii_lowered(content_type.substr(0, content_type.find(';')));
    const bool video = url.kind == UrlFieldKind::VideoContentLoc;
    if (type.starts_with(video ? "video/" : "image/")) return;
    // A video file is sometimes served as a generic stream; only a type that is certainly no video is reported.
    if (video && (type.starts_with("application/octet-stream") || type.starts_with("application/vnd.apple.mpegurl") ||
                  type.starts_with("application/x-mpegurl") || type.starts_with("application/dash+xml")))
      return;
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() +
                           (redirected ? " redirects to '" + page.http->chain.back().url + "', which is" : " is") +
                           " served as '" + content_type + "', not as " + (video ? "a video" : "an image") +
                           "; name the " + (video ? "video" : "image") + " file itself"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_media_type, kMeta, PageMediaType)
