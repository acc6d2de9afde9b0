// VID312 video-too-many-tags: more than 32 <video:tag> in one <video:video>.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:video> has more than 32 <video:tag> elements",
                         .docs = R"md(
## What it does
Reports a `<video:video>` with more than 32 `<video:tag>` children, once, on the 33rd.

## Why it matters
Google: "A maximum of 32 tags is permitted per video." The XSD says the same (`maxOccurs="32"`), so
validators reject the file; Google keeps no more than 32. Keep the tags that describe the video
best; tags are short keywords, not a list of every word in the description.

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
      <video:tag>sailing</video:tag><video:tag>knots</video:tag><video:tag>rope</video:tag>
      <video:tag>bowline</video:tag><video:tag>cleat</video:tag><video:tag>reef</video:tag>
      <video:tag>hitch</video:tag><video:tag>harbour</video:tag><video:tag>mooring</video:tag>
      <video:tag>dinghy</video:tag><video:tag>yacht</video:tag><video:tag>crew</video:tag>
      <video:tag>deck</video:tag><video:tag>line</video:tag><video:tag>splice</video:tag>
      <video:tag>whipping</video:tag><video:tag>sheet</video:tag><video:tag>halyard</video:tag>
      <video:tag>boat</video:tag><video:tag>ferry</video:tag><video:tag>anchor</video:tag>
      <video:tag>tide</video:tag><video:tag>quay</video:tag><video:tag>harbourmaster</video:tag>
      <video:tag>beginner</video:tag><video:tag>lesson</video:tag><video:tag>seamanship</video:tag>
      <video:tag>outdoors</video:tag><video:tag>coast</video:tag><video:tag>sea</video:tag>
      <video:tag>tutorial</video:tag><video:tag>practice</video:tag><video:tag>slow</video:tag>
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
      <video:tag>sailing</video:tag><video:tag>knots</video:tag><video:tag>rope</video:tag>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Invalid XML: too many tags"};

class VideoTooManyTags final : public BlockRule<kVideoFamily> {
 protected:
  void check(const ExtensionBlock& block, FindingSink& out) override {
    std::size_t count = 0;
    const ExtensionNode* first_extra = nullptr;
    video::for_each_child_named(block, "tag", [&](const ExtensionNode& node) {
      if (++count == kMaxVideoTags + 1) first_extra = &node;
    });
    if (!first_extra) return;
    const Span span = tag_span(*first_extra);
    out.report({.at = span,
                .message = "this video has " + grouped(count) + " " + tag(*first_extra) +
                           " elements; Google permits 32: keep the 32 that describe the video best"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_too_many_tags, kMeta, VideoTooManyTags)
