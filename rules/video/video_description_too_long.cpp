// VID302 video-description-too-long: a <video:description> over Google's 2,048 characters.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:description> is longer than 2,048 characters",
                         .docs = R"md(
## What it does
Reports a `<video:description>` longer than 2,048 characters (Unicode code points, not counting
the white space around it, so that indentation does not count), on its value.

## Why it matters
Google: "Maximum 2048 characters." The XSD says the same (`maxLength`), so validators reject a
longer description too. Write a summary of the video; the page itself can say more.

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
      <video:description>
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
        Tie each knot three times. Then untie it and tie it again with your eyes closed.
      </video:description>
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
                         .authorities = kGoogle | kExtensionXsd};

constexpr std::string_view kDescription[] = {"description"};

class VideoDescriptionTooLong final : public TooLong<kVideoFamily> {
 public:
  VideoDescriptionTooLong() : TooLong(kDescription, kMaxVideoDescription, "Google") {}
};
}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_description_too_long, kMeta, VideoDescriptionTooLong)
