// VID108 video-missing-location: a <video:video> with neither the media file nor a player.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:video> has neither <video:content_loc> nor <video:player_loc>",
                         .docs = R"md(
## What it does
Reports a `<video:video>` that has neither a `<video:content_loc>` (the URL of the media file) nor
a `<video:player_loc>` (the URL of a player for the video), on its start tag.

## Why it matters
Google: "It's required to provide either a `<video:content_loc>` or `<video:player_loc>` tag." Without
either, Google has no video to fetch and the entry is dropped; Search Console reports **"Missing
XML tag"**. The XSD makes both optional, so only Google's rule catches this.

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
                         .authorities = kGoogle,
                         .search_console = "Missing XML tag"};

class VideoMissingLocation final : public BlockRule<kVideoFamily> {
 protected:
  void check(const ExtensionBlock& block, FindingSink& out) override {
    if (block.child(kVideoNamespace, "content_loc") || block.child(kVideoNamespace, "player_loc")) return;
    const Span span = tag_span(block.root());
    out.report({.at = span,
                .message = tag(block.root()) + " has neither " + element_name(block, "content_loc") +
                           " (the media file) nor " + element_name(block, "player_loc") +
                           " (a player for it); Google cannot index the video without one"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_missing_location, kMeta, VideoMissingLocation)
