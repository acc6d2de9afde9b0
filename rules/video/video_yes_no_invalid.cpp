// VID308 video-yes-no-invalid: <video:family_friendly>, <video:requires_subscription> or <video:live> not yes or no.
#include <algorithm>
#include <optional>

#include "analysis/ascii.h"
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Error,
    .fixes = Fixes::Sometimes,
    .summary = "A <video:family_friendly>, <video:requires_subscription> or <video:live> is not yes or no",
    .docs = R"md(
## What it does
Reports a `<video:family_friendly>`, `<video:requires_subscription>` or `<video:live>` whose value
is not `yes` or `no` (the XSD also takes `Yes`, `YES`, `No` and `NO`), on its value; an empty one
too. When only the case is wrong (`yEs`), the fix writes it in lower case; `true`, `1` and the like
get a hint but no fix.

## Why it matters
Google documents `yes` and `no` for these tags, and the XSD's `tYesNo` type allows nothing else.
Another value is invalid (Search Console: **"Invalid tag value"**) and ignored, so a video meant
for adults only, behind a subscription or live is described as it is not.

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
      <video:live>false</video:live>
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
      <video:live>no</video:live>
    </video:video>
  </url>
</urlset>
```
)md",
    .authorities = kGoogle | kExtensionXsd,
    .search_console = "Invalid tag value"};

// What a value that is not yes/no probably meant, for the hint.
std::string_view meant(const std::string& lowered) {
  for (std::string_view yes : {"true", "1", "y", "on"}) {
    if (lowered == yes) return "yes";
  }
  for (std::string_view no : {"false", "0", "n", "off"}) {
    if (lowered == no) return "no";
  }
  return {};
}

constexpr std::string_view kNames[] = {"family_friendly", "requires_subscription", "live"};

class VideoYesNoInvalid final : public ChildRule<kVideoFamily> {
 public:
  VideoYesNoInvalid() : ChildRule(kNames) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) override {
    const std::string_view value = node.text.trimmed();
    if (video::is_yes_no(value)) return;
    if (value.empty()) {
      report_value(node, tag(node) + " is empty; write 'yes' or 'no', or leave the tag out", out);
      return;
    }
    const std::string lowered = ascii_lowered(value);
    std::string message = tag(node) + " " + quoted(value) + " must be 'yes' or 'no'";
    std::optional<std::string> fix;
    if (video::is_yes_no(lowered)) {
      message += "; write " + quoted(lowered);
      fix = lowered;
    } else if (const std::string_view hint = meant(lowered); !hint.empty()) {
      message += "; did you mean " + quoted(hint) + "?";
    }
    report_value(node, std::move(message), out, std::move(fix));
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_yes_no_invalid, kMeta, VideoYesNoInvalid)
