// VID311 video-country-unknown: a code in <video:restriction> that is no ISO 3166-1 country.
#include "analysis/language_subtags.h"
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_lists.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "A code in <video:restriction> is not an ISO 3166-1 country",
                         .docs = R"md(
## What it does
Reports each two-letter upper-case code in a `<video:restriction>` that is not a current ISO 3166-1
alpha-2 country code, on the code: unassigned codes (`XY`) and the codes ISO reserves rather than
assigns (`UK`, `EU`, `UN`, `SU`, `YU`, `XK`, ...). The fix turns `UK` into `GB`, the United
Kingdom's code; other codes have no single meaning. The list of countries is ICU's, less the
reserved codes. Malformed codes are `video-restriction-invalid`'s.

## Why it matters
Google reads ISO 3166 country codes. A code that is no country restricts nothing: with
`relationship="allow"` the video is shown in fewer countries than meant, with `deny` in more. The
value is still valid to the XSD (any two capital letters), hence a warning.

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
      <video:restriction relationship="allow">IE UK</video:restriction>
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
                         .authorities = kGoogle | kBcp47};

constexpr std::string_view kNames[] = {"restriction"};

class VideoCountryUnknown final : public ChildRule<kVideoFamily> {
 public:
  VideoCountryUnknown() : ChildRule(kNames) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) override {
    const Field& text = node.text;
    const std::string_view value = text.trimmed();
    const std::size_t start = static_cast<std::size_t>(value.data() - text.value.data());
    video::for_each_token(value, [&](std::string_view code, std::size_t at) {
      if (!video::is_two_capitals(code) || is_iso3166_country(code)) return;
      const std::size_t offset = text.source_offset(start + at);
      const std::size_t length = text.exact ? code.size() : 0;
      std::string message = tag(node) + " " + quoted(code);
      std::optional<Fix> fix;
      if (const std::string_view country = country_meant_by_reserved(code); !country.empty()) {
        message += " is not an ISO 3166-1 country code (the United Kingdom is " + std::string(country) + ")";
        if (text.exact) fix = Fix{offset, length, std::string(country), "replace with " + quoted(country)};
      } else if (is_reserved_region(code)) {
        message +=
            " is reserved in ISO 3166-1, not assigned to a country; Google ignores it: use the code of the country "
            "meant";
      } else {
        message +=
            " is not an ISO 3166-1 country code; Google ignores it: use the country's two-letter ISO 3166-1 code";
      }
      out.report({.at = {offset, length}, .message = std::move(message), .fix = std::move(fix)});
    });
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_country_unknown, kMeta, VideoCountryUnknown)
