// VID303 video-duration-invalid: a <video:duration> that is not 1 to 28,800 whole seconds.
#include <optional>

#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_durations.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <video:duration> is not a whole number of seconds from 1 to 28,800",
                         .docs = R"md(
## What it does
Reports a `<video:duration>` that is not a whole number of seconds (digits only, no separators, no
unit), or is 0, or is more than 28,800 (8 hours), on its value. An empty one is reported too: the
tag is optional, so leave it out rather than empty. When the value is a clock time (`10:00`,
`1:02:03`) or an ISO 8601 duration (`PT10M`, `PT1H2M3S`), the message gives the seconds and a fix
writes them, if they are in range.

## Why it matters
Google: "The duration of the video, in seconds. Value must be from `1` to `28800` (8 hours)." The
XSD's type is a non-negative integer up to 28,800. Any other form is an invalid value to both
(Search Console: **"Invalid tag value"**), and Google drops the duration.

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
      <video:duration>PT5M12S</video:duration>
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
      <video:duration>312</video:duration>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Invalid tag value"};

constexpr std::string_view kRange = "whole seconds, from 1 to 28,800";

constexpr std::string_view kNames[] = {"duration"};

class VideoDurationInvalid final : public ChildRule<kVideoFamily> {
 public:
  VideoDurationInvalid() : ChildRule(kNames) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) override {
    const std::string_view value = node.text.trimmed();
    const bool whole = video::is_whole_number(value);
    const std::uint64_t seconds = whole ? video::whole_number_value(value) : 0;
    if (whole && seconds >= 1 && seconds <= kMaxVideoDuration) return;
    const std::string name = tag(node);
    if (whole) {
      report_value(node,
                   seconds == 0
                       ? name + " " + quoted(value) + " is not a duration; give the length in " + std::string(kRange)
                       : name + " " + quoted(value) + " exceeds 28,800 seconds (8 hours), the longest Google accepts",
                   out);
      return;
    }
    if (value.empty()) {
      report_value(node, name + " is empty; give the length in " + std::string(kRange) + ", or leave the tag out", out);
      return;
    }
    const std::optional<std::uint64_t> clock = video::clock_seconds(value);
    const std::optional<std::uint64_t> iso = clock ? std::nullopt : video::iso_duration_seconds(value);
    if (!clock && !iso) {
      report_value(
          node,
          name + " " + quoted(value) + " is not a whole number of seconds; give the length in " + std::string(kRange),
          out);
      return;
    }
    const std::uint64_t converted = clock ? *clock : *iso;
    std::string message = name + " " + quoted(value) + (clock ? " is a clock time" : " is an ISO 8601 duration") +
                          "; the tag takes whole seconds: " + std::to_string(converted);
    const bool in_range = converted >= 1 && converted <= kMaxVideoDuration;
    if (!in_range) message += ", which is outside the 1 to 28,800 Google accepts";
    report_value(node, std::move(message), out, in_range ? std::optional(std::to_string(converted)) : std::nullopt);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_duration_invalid, kMeta, VideoDurationInvalid)
