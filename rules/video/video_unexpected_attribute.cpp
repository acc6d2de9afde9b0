// VID104 video-unexpected-attribute: an attribute the video schema does not declare on its element.
#include "rules/extension/extension_rules.h"
#include "rules/rule_support.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An attribute that the video schema does not declare on its element",
                         .docs = R"md(
## What it does
Reports, on its name, an attribute of an element in `<video:video>` that the video XSD does not
declare there. Only these exist: `relationship` on `<video:restriction>` and `<video:platform>`,
`info` on `<video:uploader>`, `type` on `<video:id>`, `duration` on `<video:content_segment_loc>`,
and on deprecated tags `allow_embed` and `autoplay` (`<video:player_loc>`), `title`
(`<video:gallery_loc>`), `currency`, `type` and `resolution` (`<video:price>`). Attributes are
unprefixed: `video:relationship="allow"` is reported too. Namespace declarations and `xsi:`
attributes are allowed anywhere.

## Why it matters
The XSD declares no wildcard attributes, so a validator rejects the file, and Google reads only the
attributes it documents: a misplaced or prefixed `relationship` leaves a restriction without its
meaning. Search Console reports **"Invalid attribute value"**.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title lang="en">Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
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
                         .authorities = kExtensionXsd | kGoogle,
                         .search_console = "Invalid attribute value"};

using VideoUnexpectedAttribute = BlockCheckRule<kVideoFamily, report_unexpected_attributes>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_unexpected_attribute, kMeta, VideoUnexpectedAttribute)
