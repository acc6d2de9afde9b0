// VID309 video-restriction-invalid: a <video:restriction> that is not a list of country codes, or whose
// relationship is neither allow nor deny.
#include "analysis/ascii.h"
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_lists.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary =
                             "A <video:restriction> is not a space-separated list of upper-case country codes, or its "
                             "relationship is not allow or deny",
                         .docs = R"md(
## What it does
Reports a `<video:restriction>` whose value is not a list of two-letter upper-case codes separated
by spaces (`IE GB US`), on its value: lower case (`us ca`), commas (`US,CA`), three-letter or
numeric codes, names. The fix writes the list right when upper case and spaces are all it lacks.
Also reports a `relationship` attribute that is neither `allow` nor `deny` (`Allow` gets a fix to
lower case). Whether each code is a country is `video-country-unknown`'s question, and codes
separated by a tab or a line break, which Google reads and the XSD rejects,
`video-value-rejected-by-xsd`'s.

## Why it matters
Google: "a space-delimited list of country codes in ISO 3166 format"; the XSD's pattern is
`[A-Z]{2}( +[A-Z]{2})*`, and `relationship` is an enumeration of `allow` and `deny`. Google ignores a
restriction it cannot read, so a video meant for some countries only is shown everywhere (Search
Console: **"Invalid tag value"** or **"Invalid attribute value"**).

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
      <video:restriction relationship="allow">ie, gb</video:restriction>
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
                         .authorities = kGoogle | kExtensionXsd | kBcp47,
                         .search_console = "Invalid tag value"};

constexpr std::string_view kNames[] = {"restriction"};

class VideoRestrictionInvalid final : public ChildRule<kVideoFamily> {
 public:
  VideoRestrictionInvalid() : ChildRule(kNames) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) override {
    video::report_bad_relationship(node, out);
    const std::string_view value = node.text.trimmed();
    if (video::all_tokens(value, video::is_two_capitals)) return;  // an empty list is valid, if odd
    const std::optional<std::string> list = video::as_list(value, ascii_upper, video::is_two_capitals);
    std::string message = tag(node) + " " + quoted(value);
    message += list ? " must use upper-case ISO 3166 codes separated by spaces: " + quoted(*list)
                    : " must be a list of two-letter ISO 3166 country codes separated by spaces, such as 'IE GB'";
    if (const std::string_view bad = video::first_invalid_token(value, ascii_upper, video::is_two_capitals);
        !list && !bad.empty() && bad != value) {
      message += "; " + quoted(bad) + " is not one";
    }
    report_value(node, std::move(message), out, list);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_restriction_invalid, kMeta, VideoRestrictionInvalid)
