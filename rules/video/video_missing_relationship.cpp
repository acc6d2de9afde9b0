// VID109 video-missing-relationship: <video:restriction> or <video:platform> without its relationship.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:restriction> or <video:platform> has no relationship attribute",
                         .docs = R"md(
## What it does
Reports a `<video:restriction>` or `<video:platform>` whose `relationship` attribute is missing or
empty, on its start tag. When the attribute is there but prefixed (`video:relationship`), this rule
leaves it to `video-unexpected-attribute`, which says to write it unprefixed.

## Why it matters
The attribute says what the list means: `allow` shows the video only in (or on) those countries or
platforms, `deny` everywhere else. Google requires it and the XSD declares it `use="required"`;
without it the list cannot be read. Search Console reports **"Missing XML attribute"**.

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
      <video:restriction>IE GB</video:restriction>
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
      <video:restriction relationship="allow">IE GB</video:restriction>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Missing XML attribute"};

class VideoMissingRelationship final : public BlockRule<kVideoFamily> {
 protected:
  void check(const ExtensionBlock& block, FindingSink& out) override {
    block.for_each_child(0, [&](const ExtensionNode& node) {
      if ((node.local_name != "restriction" && node.local_name != "platform") || node.ns != kVideoNamespace) return;
      const Attribute* relationship = node.attribute("relationship");
      if (relationship && !relationship->value.trimmed().empty()) return;
      if (!relationship && video::prefixed_attribute(node, "relationship")) return;  // VID104 says: unprefixed
      const Span span = tag_span(node);
      out.report({.at = span,
                  .message = tag(node) + (relationship ? " has an empty relationship" : " has no relationship") +
                             "; write relationship=\"allow\" (only the listed " +
                             (node.local_name == "platform" ? "platforms" : "countries") +
                             ") or relationship=\"deny\" (all but them)"});
    });
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_missing_relationship, kMeta, VideoMissingRelationship)
