// VID403 video-deprecated-value-invalid: a tag Google ignores, with a value its XSD rejects.
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "rules/rule_support.h"
#include "rules/extension/extension_specs.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_deprecated_checks.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Warning,
    .summary = "A video tag Google ignores has a value the video XSD, or the documentation in it, rejects",
    .docs = R"md(
## What it does
Checks the tags Google no longer reads (or never documented) against the video XSD and the
documentation inside it:
- `<video:category>` longer than 256 characters; `<video:gallery_loc>` that is no absolute URL;
- `<video:price>` whose value is not a decimal (`1,99`), with a value but no `currency`, empty
  without a `type`; `currency` that is not three capital letters, `type` not `purchase`/`rent`,
  `resolution` not `sd`/`hd`;
- `<video:tvshow>` without `<video:show_title>` or `<video:video_type>`, a `video_type` outside
  `full preview clip interview news other`, a `season_number` or `episode_number` that is not a
  whole number from 1, a `premier_date` that is not a date or a date and time with seconds, a
  child twice, and any other element in it (the schema rules leave the inside of a deprecated tag
  to this rule);
- `<video:content_segment_loc>` whose `duration` is not 0 to 28,800 seconds, whose text is no
  absolute URL, or without a `<video:player_loc>` in the same video;
- `<video:id>` without a `type`, or with another `type` than `tms:series`, `tms:program`,
  `rovi:series`, `rovi:program`, `freebase` or `url`;
- the `allow_embed` attribute of `<video:player_loc>` when it is not `yes` or `no`.

Which of these the schema itself enforces and which only its documentation asks for:
- enforced by the XSD's types, so `xmllint --schema` rejects the file: the category's length, the
  `currency` pattern (`[A-Z]{3}`), the `type` and `resolution` enumerations, what `<video:tvshow>`
  holds and its values' types, the `duration` and `type` of the undocumented tags, `allow_embed`;
- asked only by the documentation inside the XSD (`xsd:annotation`), which validators do not read:
  a price that is a decimal ("The price value must either be a non-negative decimal or be empty";
  the XSD types it `xsd:string`, so `1,99` validates), the `currency` a price needs ("This attribute
  is required if a value is given for price") and the `type` an empty one needs, a
  `<video:gallery_loc>` or `<video:content_segment_loc>` that is an absolute URL (typed
  `xsd:anyURI`, which takes a relative one), and the `<video:player_loc>` a content segment needs.
  Under `--profile xsd` these are warnings, the others errors.

## Why it matters
Google ignores these tags, so it does not mind; schema validators reject a file whose values break
the schema's types, and other consumers read the documentation's rules. That makes this a warning:
fix the value, or drop the tag. (The tag itself is `video-deprecated-tag`'s finding, silenced in
the example below as a file that keeps it on purpose would.)

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
      <!-- sitemaplint-disable-next-line video-deprecated-tag -->
      <video:price currency="EUR">1,99</video:price>
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
    .authorities = kExtensionXsd | kSchemaDocs};

class VideoDeprecatedValueInvalid final : public BlockRule<kVideoFamily> {
 protected:
  void check(const ExtensionBlock& block, FindingSink& out) override {
    // Most blocks have none of these tags: a flat one without them is passed over at once.
    if (!may_have_child(kVideoFamily, block, checked_)) return;
    block.for_each_child(0, [&](const ExtensionNode& node) {
      if (!same_namespace(node.ns, kVideoNamespace)) return;
      const std::string_view name = node.local_name;
      if (name == "category") video::check_category(node, out);
      else if (name == "gallery_loc") video::check_gallery_loc(node, scratch_, out);
      else if (name == "price") video::check_price(node, out);
      else if (name == "tvshow") video::check_tvshow(block, node, out);
      else if (name == "content_segment_loc") video::check_content_segment_loc(block, node, scratch_, out);
      else if (name == "id") video::check_id(node, out);
      else if (name == "player_loc") video::check_allow_embed(node, out);
    });
  }

 private:
  // child_bit() of each tag check() reads: a tag added to its chain must be added here too.
  const std::uint64_t checked_ = [] {
    std::uint64_t bits = 0;
    for (std::string_view name :
         {"category", "gallery_loc", "price", "tvshow", "content_segment_loc", "id", "player_loc"}) {
      bits |= child_bit(kVideoFamily, name);
    }
    return bits;
  }();
  UrlAnalysis scratch_;  // for the URL-valued deprecated tags, which the URL rules do not see
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_deprecated_value_invalid, kMeta, VideoDeprecatedValueInvalid)
