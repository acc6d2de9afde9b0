// VID203 video-content-loc-html-or-flash: <video:content_loc> names an HTML page or a Flash file.
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_urls.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<video:content_loc> is an HTML page or a Flash file",
                         .docs = R"md(
## What it does
Reports a `<video:content_loc>` whose path ends in `.html`, `.htm`, `.xhtml`, `.shtml` (a web
page) or `.swf` (Flash), on the value. The file type is read from the last path segment, ignoring
query and fragment.

## Why it matters
`<video:content_loc>` must point at the media file itself, and Google says: "HTML and Flash aren't
supported formats." A page URL belongs in `<video:player_loc>` if it is a player for this video;
Flash players died with Flash. Search Console reports **"Video location URL appears to be a play
page URL"**.

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
      <video:content_loc>https://example.com/watch/knots.html</video:content_loc>
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
      <video:player_loc>https://example.com/watch/knots.html</video:player_loc>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Video location URL appears to be a play page URL"};

class VideoContentLocHtmlOrFlash final : public UrlRule {
 public:
  VideoContentLocHtmlOrFlash() : UrlRule(UrlFieldKind::VideoContentLoc) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, FindingSink& out) override {
    const std::string_view type = path_extension(a, type_);
    const bool html = video::is_html_type(type);
    if (!html && type != "swf") return;
    report(url, a,
           url.quoted_value() +
               (html ? " is an HTML page; content_loc must be the media file (such as .mp4): put a player page in "
                       "<video:player_loc>"
                     : " is a Flash file, which Google does not support; give the media file (such as .mp4)"),
           out);
  }

 private:
  std::string type_;  // reused for the file type
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_content_loc_html_or_flash, kMeta, VideoContentLocHtmlOrFlash)
