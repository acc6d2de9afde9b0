// VID307 video-expired: a <video:expiration_date> that has passed.
#include "analysis/w3c_datetime.h"
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_dates.h"
#include "rules/video/utils/video_schema.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <video:expiration_date> has passed",
                         .docs = R"md(
## What it does
Reports a valid `<video:expiration_date>` that lies in the past, on its value. A date without a
time counts until that day has ended everywhere (24:00 at UTC-12:00). "Now" is the clock, or
`--now`.

## Why it matters
Google: "If present, Google Search won't show your video after this date." An expired video still
listed means either the video is gone and the entry should go, or the date is wrong and the video
has vanished from search for no reason.

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
      <video:expiration_date>2009-11-05T19:20:30+08:00</video:expiration_date>
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
      <video:expiration_date>2099-11-05T19:20:30+08:00</video:expiration_date>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

constexpr std::string_view kNames[] = {"expiration_date"};

class VideoExpired final : public ChildRule<kVideoFamily> {
 public:
  explicit VideoExpired(const RuleSettings& settings) : ChildRule(kNames), now_(settings.now) {}

 protected:
  void check_child(const ExtensionNode& node, FindingSink& out) override {
    const std::string_view value = node.text.trimmed();
    const video::VideoDate date = video::parse_video_date(value);
    if (date.form != video::DateForm::Valid || latest_instant(*date.value) >= now_) return;
    report_value(node,
                 tag(node) + " " + std::string(value) + " has passed (now is " + format_utc(now_) +
                     "); Google no longer shows this video: remove the entry, or correct the date",
                 out);
  }

 private:
  std::int64_t now_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_expired, kMeta, VideoExpired)
