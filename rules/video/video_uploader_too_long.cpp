// VID313 video-uploader-too-long: a <video:uploader> over Google's 255 characters.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:uploader> is longer than 255 characters",
                         .docs = R"md(
## What it does
Reports a `<video:uploader>` (the name of who uploaded the video) longer than 255 characters
(Unicode code points, not counting the white space around it), on its value.

## Why it matters
Google: "The string value can be a maximum of 255 characters." The XSD sets no limit, so only
Google's rule catches it; a name that long is usually a description pasted into the wrong tag.

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
      <video:uploader>
        The Harbour Master, the Lock Keeper, the Bosun and the Ferry Pilot of the Old Quay
        The Harbour Master, the Lock Keeper, the Bosun and the Ferry Pilot of the Old Quay
        The Harbour Master, the Lock Keeper, the Bosun and the Ferry Pilot of the Old Quay
        The Harbour Master, the Lock Keeper, the Bosun and the Ferry Pilot of the Old Quay
      </video:uploader>
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
      <video:uploader>The Harbour Master</video:uploader>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

constexpr std::string_view kUploader[] = {"uploader"};

class VideoUploaderTooLong final : public TooLong<kVideoFamily> {
 public:
  VideoUploaderTooLong() : TooLong(kUploader, kMaxVideoUploader, "Google") {}
};
}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_uploader_too_long, kMeta, VideoUploaderTooLong)
