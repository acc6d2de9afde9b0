// VID102 video-unknown-element: an element the video schema does not define where it stands.
#include "rules/extension/extension_rules.h"
#include "rules/rule_support.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An element of the video extension that its schema does not define there",
                         .docs = R"md(
## What it does
Reports, on its start tag:
- an element inside `<video:video>` that is not one of its 23 children in the video schema
  (`<video:thumbnail>`, `<video:Title>`, `<video:not_a_field>`, an element of another namespace),
  with the nearest known name as a hint;
- an element inside a video element that holds only text (`<video:title><b>...</b></video:title>`);
- a child of `<video:video>` written outside it: directly in `<url>`, in `<urlset>`, or in an
  index's `<sitemap>`.

Elements inside the deprecated `<video:tvshow>` are left to `video-deprecated-value-invalid`; a
`<video:video>` outside any `<url>` is `video-outside-url`.

## Why it matters
The video XSD has no wildcard: nothing but its own children may appear in `<video:video>`, and a
validator rejects the file. Google ignores tags it does not know, so a misspelt tag silently loses
its information (a misspelt `<video:title>` leaves the video without a title). Search Console
reports **"Invalid tag value"** or a parsing error.

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
      <video:durration>312</video:durration>
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

using VideoUnknownElement = UnknownElementRule<kVideoFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_unknown_element, kMeta, VideoUnknownElement)
