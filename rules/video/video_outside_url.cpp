// VID103 video-outside-url: a <video:video> that belongs to no page.
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <video:video> outside any <url>",
                         .docs = R"md(
## What it does
Reports a `<video:video>` that stands directly in `<urlset>` or `<sitemapindex>`, or inside an
index's `<sitemap>` entry, instead of inside the `<url>` of the page that shows the video. Its
contents are not checked further.

## Why it matters
A video in a sitemap describes a video on one page: the `<url>` it is in. Outside a `<url>` it is
attached to no page and Google ignores it. The sitemap XSDs let foreign elements stand there (a
wildcard before the first `<url>`), so a schema validator does not object, which is why this is a
warning and not an error.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <video:video>
    <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
    <video:title>Three knots for sailors</video:title>
    <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
    <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
  </video:video>
  <url>
    <loc>https://example.com/lessons/knots</loc>
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
                         .authorities = kGoogle};

using VideoOutsideUrl = OutsideUrlRule<kVideoFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_outside_url, kMeta, VideoOutsideUrl)
