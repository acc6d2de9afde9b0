// VID306 video-date-invalid: a video date that is not a date, or a date and time with seconds and zone.
#include "analysis/xs_datetime.h"
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_dates.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Error,
    .fixes = Fixes::Sometimes,
    .summary = "A <video:publication_date> or <video:expiration_date> is not in a format Google accepts",
    .docs = R"md(
## What it does
Checks `<video:publication_date>` and `<video:expiration_date>` against the two formats Google's
video reference gives: a complete date (`2024-05-01`) or a complete date and time with seconds and
a time zone (`2024-05-01T10:30:00+02:00`, `2024-05-01T08:30:00Z`; fractions of a second are
fine). The message names the defect: not a date, no such day, only a year or month, a time without
seconds, a time without a time zone. When only the seconds are missing, the fix adds `:00`.

## Why it matters
Google: "complete date (`YYYY-MM-DD`), or complete date plus hours, minutes and seconds, and
timezone (`YYYY-MM-DDThh:mm:ss+TZD`)". The XSD is looser about the time zone, Google is not; a
date Google cannot read is dropped (Search Console: **"Invalid date"**), and for
`<video:expiration_date>` that means the video may be shown after it expired.

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
      <video:publication_date>2024-05-01T10:30+02:00</video:publication_date>
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
      <video:publication_date>2024-05-01T10:30:00+02:00</video:publication_date>
    </video:video>
  </url>
</urlset>
```
)md",
    .authorities = kGoogle | kW3cDatetime | kExtensionXsd,
    .search_console = "Invalid date"};

constexpr std::string_view kNames[] = {"publication_date", "expiration_date"};

class VideoDateInvalid final : public ChildRule<kVideoFamily> {
 public:
  VideoDateInvalid() : ChildRule(kNames) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& sink) override {
    const std::string_view value = node.text.trimmed();
    const video::VideoDate date = video::parse_video_date(value);
    if (date.form == video::DateForm::Valid) return;
    // The XSD (xsd:date or xsd:dateTime) rejects most of what Google does, not a time without a zone.
    RestingOn out(sink, is_xs_date_or_datetime(value) ? kMeta.authorities & ~kExtensionXsd : kMeta.authorities);
    const std::string name = tag(node) + " " + quoted(value);
    constexpr std::string_view kForms = "write YYYY-MM-DD or YYYY-MM-DDThh:mm:ss with a time zone";
    switch (date.form) {
      case video::DateForm::Valid: return;
      case video::DateForm::Empty:
        report_value(node, tag(node) + " is empty; " + std::string(kForms) + ", or leave the tag out", out);
        return;
      case video::DateForm::Invalid:
        // The parser's own words say what was expected when nothing of a date was recognised.
        report_value(node,
                     name + " is not a valid date: " + date.error +
                         (date.error.starts_with("expected") ? "" : "; " + std::string(kForms)),
                     out);
        return;
      case video::DateForm::Incomplete:
        report_value(node, name + " is not a complete date; " + std::string(kForms), out);
        return;
      case video::DateForm::NoSeconds: {
        // YYYY-MM-DDThh:mm is 16 characters; the seconds go after them.
        const std::string fixed = std::string(value.substr(0, 16)) + ":00" + std::string(value.substr(16));
        report_value(node, name + " lacks seconds, which Google requires: write " + fixed, out, fixed);
        return;
      }
      case video::DateForm::NoTimezone:
      case video::DateForm::NoSecondsNoTimezone:
        report_value(
            node,
            name + (date.form == video::DateForm::NoTimezone ? " has no time zone" : " lacks seconds and a time zone") +
                ", which Google requires: add Z (UTC) or the offset, such as +02:00",
            out);
        return;
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_date_invalid, kMeta, VideoDateInvalid)
