// VID207 video-uploader-info-other-domain: the uploader's page is on another domain than the video's page.
#include "analysis/ascii.h"
#include "rules/rule_support.h"
#include "rules/extension/family_rules.h"
#include "rules/video/utils/video_urls.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The info URL of <video:uploader> is on another domain than the page",
                         .docs = R"md(
## What it does
Reports the `info` attribute of `<video:uploader>` (a page about the uploader) when its host is in
another domain than the page's `<loc>`, on the attribute's value. Two hosts are in one domain when
they are equal without a leading `www.`, or one is a subdomain of the other (`video.example.com`
and `example.com`). The Public Suffix List is not consulted, so `a.example.com` and
`b.example.com` count as different.

## Why it matters
Google: "This URL must be in the same domain as the `<loc>` tag." An uploader page elsewhere is
ignored. Real sitemaps that Google accepts do it (a platform's profile page), so this is a
warning.

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
      <video:uploader info="https://social.example.net/@harbourmaster">Harbour Master</video:uploader>
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
      <video:uploader info="https://www.example.com/crew/harbourmaster">Harbour Master</video:uploader>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

// `sub` is `domain` or one of its subdomains (ASCII case-insensitive).
bool within(std::string_view sub, std::string_view domain) {
  if (sub.size() < domain.size()) return false;
  const std::string_view tail = sub.substr(sub.size() - domain.size());
  return ascii_equal_ignoring_case(tail, domain) &&
         (sub.size() == domain.size() || sub[sub.size() - domain.size() - 1] == '.');
}

class VideoUploaderInfoOtherDomain final : public UrlRule {
 public:
  VideoUploaderInfoOtherDomain() : UrlRule(UrlFieldKind::VideoUploaderInfo) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& info, FindingSink& out) override {
    if (!url.entry->loc.present) return;
    const UrlAnalysis& page = url.entry->loc_analysis();
    if (!usable_url(page)) return;
    const std::string_view info_host = video::host_without_www(info), page_host = video::host_without_www(page);
    if (within(info_host, page_host) || within(page_host, info_host)) return;
    report(url, info,
           "uploader info " + quoted(info.trimmed) + " is on " + std::string(info.ascii_host) +
               ", but the page is on " + std::string(page.ascii_host) +
               "; Google asks for the same domain: give an uploader page on the page's site, or leave info out",
           out, true);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_uploader_info_other_domain, kMeta, VideoUploaderInfoOtherDomain)
