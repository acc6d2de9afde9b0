// VID202 video-player-loc-is-page: <video:player_loc> is the URL of the page, not of a player.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<video:player_loc> is the same URL as the page's <loc>",
                         .docs = R"md(
## What it does
Reports a `<video:player_loc>` that is the same URL as the `<loc>` of its `<url>` (after
normalising case, default ports and percent-escapes; a trailing slash counts), on the value, with
the `<loc>` as related location. URLs the URL rules reject are not compared.

## Why it matters
`<video:player_loc>` is the URL of a player for this one video, usually what an `<iframe>` embeds.
Google: "Must not be the same as the `<loc>` URL." The page that shows the player is not the
player; Search Console reports **"Video location and play page location are the same"**.

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
      <video:player_loc>https://example.com:443/lessons/knots</video:player_loc>
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
      <video:player_loc>https://example.com/embed/knots</video:player_loc>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kRfc3986,
                         .search_console = "Video location and play page location are the same"};

class VideoPlayerLocIsPage final : public IsPageRule {
 public:
  VideoPlayerLocIsPage()
      : IsPageRule(UrlFieldKind::VideoPlayerLoc,
                   "give the URL of a player for this video (what an <iframe> would embed), or leave it out and give "
                   "<video:content_loc>") {}
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_player_loc_is_page, kMeta, VideoPlayerLocIsPage)
