// VID304 video-rating-invalid: a <video:rating> that is not a number from 0.0 to 5.0.
#include <algorithm>
#include <optional>

#include "analysis/xs_decimal.h"
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <video:rating> is not a number from 0.0 to 5.0",
                         .docs = R"md(
## What it does
Reports a `<video:rating>` that is not a decimal number (`4`, `4.2`, `.5`; no exponent, no unit, no
thousands separator) or lies outside 0.0 to 5.0, on its value; an empty one too. When a comma is
the only problem (`4,5`), the fix writes a point.

## Why it matters
Google: "The rating of the video. Supported values are float numbers in the range `0.0` (low) to
`5.0` (high)". The XSD's type is `xsd:decimal` from 0 to 5. Other values are invalid (Search
Console: **"Invalid tag value"**) and Google ignores the rating. Numbers are compared exactly, never
rounded: 5.0000001 is out of range.

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
      <video:rating>9/10</video:rating>
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
      <video:rating>4.5</video:rating>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Invalid tag value"};

bool in_range(const XsDecimal& value) {
  static const XsDecimal kLow = *parse_xs_decimal("0"), kHigh = *parse_xs_decimal("5");
  return compare(value, kLow) >= 0 && compare(value, kHigh) <= 0;
}

constexpr std::string_view kNames[] = {"rating"};

class VideoRatingInvalid final : public ChildRule<kVideoFamily> {
 public:
  VideoRatingInvalid() : ChildRule(kNames) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) override {
    const std::string_view value = node.text.trimmed();
    const std::optional<XsDecimal> number = parse_xs_decimal(value);
    if (number && in_range(*number)) return;
    const std::string name = tag(node);
    if (number) {
      report_value(node,
                   name + " " + quoted(value) + " is " + (number->negative ? "below 0.0" : "above 5.0") +
                       "; Google takes ratings from 0.0 (low) to 5.0 (high)",
                   out);
      return;
    }
    if (value.empty()) {
      report_value(node, name + " is empty; give a rating from 0.0 to 5.0, or leave the tag out", out);
      return;
    }
    // A decimal comma: the same number with a point, when that is one in range.
    std::optional<std::string> with_point;
    if (std::count(value.begin(), value.end(), ',') == 1) {
      std::string candidate(value);
      candidate[candidate.find(',')] = '.';
      if (const auto fixed = parse_xs_decimal(candidate); fixed && in_range(*fixed)) with_point = candidate;
    }
    std::string message = name + " " + quoted(value) + " is not a number from 0.0 to 5.0";
    if (with_point) message += "; write " + quoted(*with_point);
    report_value(node, std::move(message), out, with_point);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_rating_invalid, kMeta, VideoRatingInvalid)
