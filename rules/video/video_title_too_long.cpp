// VID301 video-title-too-long: a <video:title> over the XSD's 100 characters.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:title> is longer than 100 characters",
                         .docs = R"md(
## What it does
Reports a `<video:title>` longer than 100 characters (Unicode code points, not counting the white
space around it), on its value.

## Why it matters
The video XSD limits the title to 100 characters (`maxLength`), so schema validators reject a
longer one. Google's video sitemap page states no limit for `<video:title>` (its media RSS section
gives `media:title` the same 100): this rule rests on the XSD, and search results cut long titles
anyway.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots every sailor should know by heart: the bowline, the cleat hitch and the reef knot, tied slowly</video:title>
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
                         .authorities = kExtensionXsd};

constexpr std::string_view kTitle[] = {"title"};

class VideoTitleTooLong final : public TooLong<kVideoFamily> {
 public:
  VideoTitleTooLong() : TooLong(kTitle, kMaxVideoTitle, "the video sitemap schema") {}
};
}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_title_too_long, kMeta, VideoTitleTooLong)
