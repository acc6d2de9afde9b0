// VID305 video-view-count-invalid: a <video:view_count> that is not a whole number.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <video:view_count> is not a whole number",
                         .docs = R"md(
## What it does
Reports a `<video:view_count>` that is not a whole number written with digits only (`12345`, not
`12,345`, `12.3k` or `-1`), on its value; an empty one too. There is no fix: `12.345` may be twelve
thousand or twelve.

## Why it matters
Google: "The number of times the video has been viewed." The XSD's type is a non-negative integer,
which has no separators and no units; other values are invalid (Search Console: **"Invalid tag
value"**) and the count is dropped.

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
      <video:view_count>12,345</video:view_count>
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
      <video:view_count>12345</video:view_count>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Invalid tag value"};

constexpr std::string_view kNames[] = {"view_count"};

class VideoViewCountInvalid final : public ChildRule<kVideoFamily> {
 public:
  VideoViewCountInvalid() : ChildRule(kNames) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) override {
    const std::string_view value = node.text.trimmed();
    if (video::is_whole_number(value)) return;
    report_value(node,
                 value.empty()
                     ? tag(node) + " is empty; give the number of views, or leave the tag out"
                     : tag(node) + " " + quoted(value) + " must be a whole number without separators, such as 12345",
                 out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_view_count_invalid, kMeta, VideoViewCountInvalid)
