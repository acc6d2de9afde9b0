// VID105 video-duplicate-child: a child that may appear once in <video:video> appears again.
#include "rules/extension/extension_rules.h"
#include "rules/rule_support.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:video> has the same child element twice",
                         .docs = R"md(
## What it does
Reports the second (third, ...) occurrence of a child of `<video:video>` that may appear only once:
every child but `<video:tag>` (up to 32: `video-too-many-tags`), `<video:price>`,
`<video:content_segment_loc>` and `<video:id>`. The finding is on the repeat and points to the
first. Children of the deprecated `<video:tvshow>` are not checked.

## Why it matters
Google: "Each tag can only be added one time per video, unless otherwise specified", and the XSD
allows each once. Which copy a consumer keeps is anyone's guess; two `<video:content_loc>` usually
mean two videos squeezed into one block. Search Console reports **"Invalid XML: too many tags"**.

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
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
      <video:content_loc>https://example.com/media/splices.mp4</video:content_loc>
    </video:video>
  </url>
</urlset>
```

## Use instead
One `<video:video>` per video:

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
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/splices.jpg</video:thumbnail_loc>
      <video:title>Two splices for mooring lines</video:title>
      <video:description>An eye splice and a back splice in three-strand rope.</video:description>
      <video:content_loc>https://example.com/media/splices.mp4</video:content_loc>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Invalid XML: too many tags"};

using VideoDuplicateChild = BlockCheckRule<kVideoFamily, report_duplicate_children>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_duplicate_child, kMeta, VideoDuplicateChild)
