// VID107 video-missing-required: a <video:video> without its thumbnail, title or description.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:video> lacks its thumbnail, title or description, or one is empty",
                         .docs = R"md(
## What it does
Reports a `<video:video>` that lacks one or more of the three children Google and the XSD require:
`<video:thumbnail_loc>`, `<video:title>` and `<video:description>` (one finding on the
`<video:video>` tag, naming all that are missing). A `<video:title>` or `<video:description>`
that is there but empty is reported on its own tag. (An empty `<video:thumbnail_loc>` is
`loc-empty`'s, which checks every video URL.)

## Why it matters
Google indexes a video only with a thumbnail, a title and a description, and the XSD requires one
of each. Search Console reports **"Missing thumbnail URL"**, **"Missing video title"** or
**"Missing XML tag"**.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:title>Three knots for sailors</video:title>
      <video:description></video:description>
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
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Missing thumbnail URL; Missing video title; Missing XML tag"};

class VideoMissingRequired final : public BlockRule<kVideoFamily> {
 protected:
  void check(const ExtensionBlock& block, FindingSink& out) override {
    if (const auto missing = missing_children(kVideoFamily, block, 0); !missing.empty()) {
      std::string names;
      for (const ElementSpec* spec : missing) names += (names.empty() ? "" : ", ") + element_name(block, spec->name);
      const Span span = tag_span(block.root());
      out.report({.at = span,
                  .message = tag(block.root()) + " lacks the required " + names +
                             "; Google indexes a video only with its thumbnail, title and description"});
    }
    report_if_empty(block, "title", "give the title of the video", out);
    report_if_empty(block, "description", "describe the video (up to 2,048 characters)", out);
  }

 private:
  static void report_if_empty(const ExtensionBlock& block, std::string_view name, std::string_view advice,
                              FindingSink& out) {
    const ExtensionNode* node = block.child(kVideoNamespace, name);
    if (!node || !node->text.trimmed().empty()) return;
    const Span span = tag_span(*node);
    out.report({.at = span, .message = tag(*node) + " is empty; " + std::string(advice)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_missing_required, kMeta, VideoMissingRequired)
