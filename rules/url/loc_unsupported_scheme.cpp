// SM203 loc-unsupported-scheme: <loc> uses a scheme other than http or https.
#include <algorithm>
#include <array>

#include "analysis/ascii.h"
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<loc> uses a scheme other than http or https",
                         .docs = R"md(
## What it does
Reports a `<loc>` whose scheme is not `http` or `https` (compared without regard to case):
`ftp:`, `file:`, `mailto:`, `javascript:`, `tel:`, and misspellings such as `htps:`, for which
the message suggests the scheme that was probably meant.

The URLs of a video's files (`<video:thumbnail_loc>`, `<video:content_loc>`,
`<video:player_loc>`) may also be `ftp:`, which Google fetches too; for them the message names
streaming protocols (`rtmp:`, `rtsp:`, `mms:` ...) and `data:` URLs, which Google does not read.

## Why it matters
A sitemap lists web pages for crawlers, which fetch `http` and `https` URLs only. Other schemes
are rejected (Google Search Console: "Invalid URL"); a `file:` URL usually means the sitemap was
generated on a developer's machine, a `javascript:` or `mailto:` link was scraped from a page.
For video files Google says they "must be accessible on a supported protocol: HTTP and FTP
(streaming protocols are not supported)" and "Data URLs aren't supported".

## Example
```xml
<url>
  <loc>ftp://example.com/files/report.pdf</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/files/report.pdf</loc>
</url>
```
)md",
                         .authorities = kSitemapXsd | kGoogle,
                         .search_console = "Invalid URL"};

// Edit distance of at most one: a letter too many, too few, or different ('htps', 'httpss').
bool one_edit_apart(std::string_view a, std::string_view b) {
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > 1) return false;
  std::size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  if (a.size() == b.size()) return a.substr(i + (i < a.size())) == b.substr(i + (i < b.size()));
  return a.substr(i) == b.substr(i + 1);
}

// Google fetches a video's files over HTTP and FTP: "streaming protocols are not supported".
bool is_video_file(UrlFieldKind kind) {
  return kind == UrlFieldKind::VideoThumbnailLoc || kind == UrlFieldKind::VideoContentLoc ||
         kind == UrlFieldKind::VideoPlayerLoc;
}

constexpr std::array<std::string_view, 9> kStreamingSchemes = {"rtmp",  "rtmps", "rtmpe", "rtmpt", "rtsp",
                                                               "rtsps", "mms",   "mmsh",  "rtp"};

bool is_streaming(std::string_view scheme) {
  return std::find(kStreamingSchemes.begin(), kStreamingSchemes.end(), scheme) != kStreamingSchemes.end();
}

// The message for a video file's URL, whose scheme may be http, https or ftp.
std::string video_message(const UrlField& url, const UrlAnalysis& a, const std::string& scheme) {
  const std::string value = url.quoted_value();
  if (is_streaming(scheme)) {
    return value + " uses the streaming protocol " + quoted(a.scheme) +
           ", which Google does not fetch; give an http, https or ftp URL of the file";
  }
  if (scheme == "data") {
    return value + " is a data: URL, which Google does not read; give an http, https or ftp URL of the file";
  }
  std::string message =
      value + " uses the scheme " + quoted(a.scheme) + "; a video's files need http, https or ftp URLs";
  if (one_edit_apart(scheme, "https")) message += "; did you mean 'https'?";
  else if (one_edit_apart(scheme, "http")) message += "; did you mean 'http'?";
  return message;
}

class LocUnsupportedScheme final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlNotHttp); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::OtherScheme) return;
    const std::string scheme = ascii_lowered(a.scheme);
    if (is_video_file(url.kind)) {
      if (scheme == "ftp") return;
      const Span span = url_span(*url.field, a);
      out.report({.at = span,
                  .message = video_message(url, a, scheme),
                  .rests_on = url_finding_authorities(url, kMeta.authorities)});
      return;
    }
    std::string message =
        url.quoted_value() + " uses the scheme " + quoted(a.scheme) + "; a sitemap may list only http and https URLs";
    if (one_edit_apart(scheme, "https")) message += "; did you mean 'https'?";
    else if (one_edit_apart(scheme, "http")) message += "; did you mean 'http'?";
    else if (scheme == "file") message += "; publish the page and list its public URL";
    else message += "; list the web page's https:// URL instead, or leave the entry out";
    const Span span = url_span(*url.field, a);
    out.report({.at = span, .message = message, .rests_on = url_finding_authorities(url, kMeta.authorities)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_unsupported_scheme, kMeta, LocUnsupportedScheme)
