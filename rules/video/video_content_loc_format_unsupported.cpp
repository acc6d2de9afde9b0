// VID205 video-content-loc-format-unsupported: <video:content_loc> has a file type Google does not list.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_urls.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Warning,
    .summary = "<video:content_loc> has a file type that is not among the video types Google supports",
    .docs = R"md(
## What it does
Reports a `<video:content_loc>` whose path ends in a file type that is not in Google's list of
supported video formats: 3GP, 3G2, ASF, AVI, DivX, M2V, M3U, M3U8, M4V, MKV, MOV, MP4, MPEG (`.mpeg`,
`.mpg`, `.mpe`), OGV, QVT, RAM, RM, VOB, WebM, WMV and XAP. A URL without a file type (a streaming
endpoint, `/media?id=7`) is not reported; HTML pages and Flash are `video-content-loc-html-or-flash`,
and video platforms' pages `video-content-loc-player-page`.

## Why it matters
Google indexes only the formats it lists ("Use a supported video file type"). `.flv`, still named in
the old XSD's annotation, is no longer among them. Google may still find the video through the page
or a player, hence a warning: re-encode the file (MP4 or WebM) if Google should index it.

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
      <video:content_loc>https://example.com/media/knots.flv</video:content_loc>
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
      <video:content_loc>https://example.com/media/knots.webm</video:content_loc>
    </video:video>
  </url>
</urlset>
```
)md",
    .authorities = kGoogle};

class VideoContentLocFormatUnsupported final : public UrlRule {
 public:
  VideoContentLocFormatUnsupported() : UrlRule(UrlFieldKind::VideoContentLoc) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, FindingSink& out) override {
    const std::string_view type = path_extension(a, type_);
    // Pages, Flash and platform pages are other rules' findings.
    if (type.empty() || video::is_listed_video_type(type) || video::is_html_type(type) || type == "swf" ||
        !video::hosting_platform(a).empty()) {
      return;
    }
    report(url, a,
           url.quoted_value() + " has the file type '." + std::string(type) +
               "', which is not among the video types Google supports (MP4, WebM, MOV, MPEG, ...); re-encode it if "
               "Google should index the video",
           out);
  }

 private:
  std::string type_;  // reused for the file type
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_content_loc_format_unsupported, kMeta, VideoContentLocFormatUnsupported)
