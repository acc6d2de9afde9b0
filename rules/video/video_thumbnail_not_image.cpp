// VID208 video-thumbnail-not-image: <video:thumbnail_loc> names a page or a file Google does not index as an image.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_urls.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "<video:thumbnail_loc> looks like a page or a non-image file",
                         .docs = R"md(
## What it does
Reports a `<video:thumbnail_loc>` whose path ends in the file type of a page or of another kind of
file (`.html`, `.htm`, `.xhtml`, `.shtml`, `.php`, `.asp`, `.aspx`, `.jsp`, `.cfm`, `.pdf`, `.mp4`,
`.webm`, `.mov`, `.avi`), or of an image format Google does not index (`.tif`, `.tiff`, `.heic`,
`.heif`, `.psd`, `.eps`, `.ai`, `.raw`). URLs without a file type (image services such as
`/thumb?id=7`) and other types are not reported.

## Why it matters
Google: `<video:thumbnail_loc>` is "a URL pointing to the video thumbnail image file", and it
indexes BMP, GIF, JPEG, PNG, WebP, SVG and AVIF images. A page or a video there leaves the video
without a usable thumbnail, and a video without a thumbnail is not shown with one. The URL may
still serve an image whatever its name, hence a warning.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.tiff</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
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
                         .authorities = kGoogle};

class VideoThumbnailNotImage final : public UrlRule {
 public:
  VideoThumbnailNotImage() : UrlRule(UrlFieldKind::VideoThumbnailLoc) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, FindingSink& out) override {
    // image-loc-not-image's judgement of the file type (without its comparison with the page).
    const std::string problem = not_an_indexable_image(path_extension(a, type_));
    if (problem.empty()) return;
    report(url, a,
           url.quoted_value() + " " + problem + "; give the URL of the thumbnail image itself (" +
               std::string(kIndexedImageFormats) + ")",
           out);
  }

 private:
  std::string type_;  // reused for the file type
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_thumbnail_not_image, kMeta, VideoThumbnailNotImage)
