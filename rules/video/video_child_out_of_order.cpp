// VID106 video-child-out-of-order: the children of <video:video> are not in the XSD's order.
#include "rules/extension/extension_rules.h"
#include "rules/rule_support.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The children of a <video:video> are not in the schema's order",
                         .docs = R"md(
## What it does
Reports a child of `<video:video>` that comes after one the XSD puts later: the schema's sequence
is `thumbnail_loc, title, description, content_loc, player_loc, duration, expiration_date, rating,
content_segment_loc, view_count, publication_date, tag, category, family_friendly, restriction,
gallery_loc, price, requires_subscription, uploader, tvshow, platform, live, id`. One finding per
child out of place, on its start tag, naming the child it follows.

## Why it matters
The XSD declares a strict sequence, so a schema validator rejects the file. Google does not mind:
its own example puts `<video:platform>` before `<video:requires_subscription>`. Hence a warning,
for those who validate their sitemaps or feed them to stricter consumers.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
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
                         .authorities = kExtensionXsd};

using VideoChildOutOfOrder = BlockCheckRule<kVideoFamily, report_children_out_of_order>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_child_out_of_order, kMeta, VideoChildOutOfOrder)
