// VID204 video-content-loc-player-page: <video:content_loc> is a YouTube, Vimeo or Dailymotion page.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_urls.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "<video:content_loc> is a video platform's watch or embed page",
                         .docs = R"md(
## What it does
Reports a `<video:content_loc>` that is a page of a video hosting platform rather than a media
file: YouTube (`/watch`, `/embed/`, `/shorts/`, `/live/`, `youtu.be`, `youtube-nocookie.com/embed/`),
Vimeo (`vimeo.com/<number>`, `player.vimeo.com/video/`) and Dailymotion (`/video/`,
`/embed/video/`, `dai.ly`), with or without `www.` or `m.`.

## Why it matters
Google: for "Vimeo, YouTube, and other video hosting platforms that allow embedding videos through
`iframe`", the player URL goes in `<video:player_loc>`, which "is used rather than
`video:content_loc`". `<video:content_loc>` is for the media file, which such platforms do not
expose. Many real sitemaps do this and Google copes, hence a warning.

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
      <video:content_loc>https://www.youtube.com/watch?v=abc123</video:content_loc>
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
      <video:player_loc>https://www.youtube.com/embed/abc123</video:player_loc>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

class VideoContentLocPlayerPage final : public UrlRule {
 public:
  VideoContentLocPlayerPage() : UrlRule(UrlFieldKind::VideoContentLoc) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, FindingSink& out) override {
    const std::string_view platform = video::hosting_platform(a);
    if (platform.empty()) return;
    report(url, a,
           url.quoted_value() + " is a " + std::string(platform) +
               " page, not a media file; put the platform's embed URL in <video:player_loc> and leave content_loc out",
           out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_content_loc_player_page, kMeta, VideoContentLocPlayerPage)
