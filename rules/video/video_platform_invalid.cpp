// VID310 video-platform-invalid: a <video:platform> that is not a list of web, mobile and tv, or whose
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
                             "A <video:platform> is not a space-separated list of web, mobile and tv, or its "
                             "relationship is not allow or deny",
                         .docs = R"md(
## What it does
Reports a `<video:platform>` whose value is not a list of `web`, `mobile` and `tv` separated by
spaces, on its value: other platforms (`desktop`, `ios`), upper case (`Web`), commas. The fix
writes the list right when lower case and spaces are all it lacks. Also reports a `relationship`
attribute that is neither `allow` nor `deny` (`DENY` gets a fix to lower case). Right platforms
separated by other white space than one space (`web  tv`), which Google reads and the XSD
rejects, are `video-value-rejected-by-xsd`'s.

## Why it matters
Google supports exactly `web`, `mobile` and `tv`, and the XSD's pattern is
`(web|mobile|tv)( (web|mobile|tv))*`. Google ignores a platform list it cannot read, so a video meant
to be hidden on some platforms is shown on all (Search Console: **"Invalid tag value"** or
**"Invalid attribute value"**).

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
      <video:platform relationship="deny">desktop</video:platform>
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
      <video:platform relationship="deny">tv</video:platform>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Invalid tag value"};

bool is_platform(std::string_view token) { return token == "web" || token == "mobile" || token == "tv"; }

constexpr std::string_view kNames[] = {"platform"};

class VideoPlatformInvalid final : public ChildRule<kVideoFamily> {
 public:
  VideoPlatformInvalid() : ChildRule(kNames) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) override {
    video::report_bad_relationship(node, out);
    const std::string_view value = node.text.trimmed();
    if (video::all_tokens(value, is_platform)) return;  // an empty list is valid, if odd
    const std::optional<std::string> list = video::as_list(value, ascii_lower, is_platform);
    std::string message = tag(node) + " " + quoted(value) + " must list web, mobile or tv, separated by spaces";
    if (list) message += ": " + quoted(*list);
    else if (const std::string_view bad = video::first_invalid_token(value, ascii_lower, is_platform);
             !bad.empty() && bad != value) {
      message += "; " + quoted(bad) + " is none of them";
    }
    report_value(node, std::move(message), out, list);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_platform_invalid, kMeta, VideoPlatformInvalid)
