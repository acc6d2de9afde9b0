// VID401 video-deprecated-tag: a video tag or attribute Google removed in 2022.
#include "rules/extension/extension_rules.h"
#include "rules/rule_support.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "A video tag or attribute that Google no longer reads",
                         .docs = R"md(
## What it does
Notes the video tags and attributes Google removed from its documentation in 2022:
`<video:category>`, `<video:gallery_loc>`, `<video:price>`, `<video:tvshow>`, and the
`allow_embed` and `autoplay` attributes of `<video:player_loc>`. To keep large files readable, each
is reported once per file, on its first occurrence, with the number of occurrences in the file.

## Why it matters
Google announced that these "will have no effect on indexing and search features after August 6,
2022", and that "you can leave these tags and attributes in place without drawbacks". They still
cost bytes and may mislead whoever maintains the generator; other consumers may still read them, so
removing them is your call. Their values are checked against the XSD by
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
      <video:category>Sailing</video:category>
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
      <video:tag>sailing</video:tag>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

// Google's 2022 removals: the schema's deprecated children, and two attributes of <video:player_loc>.
// Its deprecated attributes (allow_embed, autoplay) are in blocks that show attributes.
class VideoDeprecatedTag final : public DeprecatedTagRule<kVideoFamily, kHasDeprecatedChild | kHasAttributes> {
 public:
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    DeprecatedTagRule::on_extension(block, entry, out);
    if (!is_page_entry(entry) || !is_family_block(kVideoFamily, block)) return;
    const ExtensionNode* player = block.child(kVideoNamespace, "player_loc");
    if (!player) return;
    for (const Attribute& a : player->attributes) {
      if (a.ns.empty() && (a.local_name == "allow_embed" || a.local_name == "autoplay"))
        tags_.count_attribute(*player, a);
    }
  }
  void on_finish(const Document&, FindingSink& out) override {
    tags_.report("is deprecated: it has had no effect in Google since 6 August 2022", out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_deprecated_tag, kMeta, VideoDeprecatedTag)
