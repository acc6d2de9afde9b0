// VID402 video-undocumented-tag: a tag of the video XSD that Google has never documented.
#include "rules/extension/extension_rules.h"
#include "rules/rule_support.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "A video tag that the XSD defines but Google does not document",
                         .docs = R"md(
## What it does
Notes `<video:content_segment_loc>` and `<video:id>`: the video XSD 1.1 defines them, but Google's
video sitemap documentation does not mention them (nor does its 2022 list of removed tags). Each is
reported once per file, on its first occurrence, with the number of occurrences in the file.

## Why it matters
Google probably ignores them: it reads the tags it documents. They are harmless, and other
consumers may use them; their values are checked against the XSD by
`video-deprecated-value-invalid`.

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
      <video:id type="url">https://example.com/catalogue/knots</video:id>
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

// The same counting as the deprecated tags', for two children the schema does not mark deprecated.
class VideoUndocumentedTag final : public DeprecatedTagRule<kVideoFamily> {
 public:
  // Every video block: its undocumented tags are not deprecated in the schema, so no trait shows them.
  void subscribe(Subscriptions& s) const override {
    s.extensions(kVideoNamespace, kVideoElement.name);
    s.finish();
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink&) override {
    if (!is_page_entry(entry) || !is_family_block(kVideoFamily, block)) return;
    block.for_each_child(0, [&](const ExtensionNode& node) {
      if ((node.local_name == "content_segment_loc" || node.local_name == "id") && node.ns == kVideoNamespace) {
        tags_.count_element(node);
      }
    });
  }
  void on_finish(const Document&, FindingSink& out) override {
    tags_.report("is not in Google's video sitemap documentation, so Google probably ignores it", out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_undocumented_tag, kMeta, VideoUndocumentedTag)
