// VID201 video-content-loc-is-page: <video:content_loc> is the URL of the page, not of the video.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<video:content_loc> is the same URL as the page's <loc>",
                         .docs = R"md(
## What it does
Reports a `<video:content_loc>` that is the same URL as the `<loc>` of its `<url>` (after
normalising case, default ports and percent-escapes; a trailing slash counts), on the value, with
the `<loc>` as related location. URLs the URL rules reject are not compared.

## Why it matters
`<video:content_loc>` is the URL of the video's media file; Google: "Must not be the same as the
URL in the parent `<loc>` tag." A page URL there means the generator wrote the page twice, and
Google has no file to fetch. Search Console reports **"Video location and play page location are
the same"**.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
      <video:content_loc>https://EXAMPLE.com/lessons/knots</video:content_loc>
    </video:video>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kRfc3986,
                         .search_console = "Video location and play page location are the same"};

class VideoContentLocIsPage final : public IsPageRule {
 public:
  VideoContentLocIsPage()
      : IsPageRule(UrlFieldKind::VideoContentLoc,
                   "give the URL of the video file, or use <video:player_loc> for a player") {}
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_content_loc_is_page, kMeta, VideoContentLocIsPage)
