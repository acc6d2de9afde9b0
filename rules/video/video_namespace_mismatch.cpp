// VID101 video-namespace-mismatch: a namespace URI that misses Google's video namespace by a little.
#include "rules/extension/extension_rules.h"
#include "rules/rule_support.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "The video namespace URI is not http://www.google.com/schemas/sitemap-video/1.1",
                         .docs = R"md(
## What it does
Reports a namespace declaration whose URI is almost Google's video namespace,
`http://www.google.com/schemas/sitemap-video/1.1`, but not exactly: another version (`/1.0`),
`https`, a trailing slash, `sitemap-videos`, the `.xsd` file's URL, `sitemaps.org` instead of
`google.com`, different case; or the `video` prefix bound to a URI of no sitemap schema at all.
Every such declaration is reported, on its URI. Where the URI is a misspelling of Google's, the fix
writes the right one; a prefix bound to an unrelated URI gets no fix (the URI may be meant for
something else).

## Why it matters
Namespaces are compared character for character. Elements in any other namespace are not video
tags to Google, whatever their prefix: the whole `<video:video>` block is ignored, and Search
Console reports **"Incorrect namespace"**. The video rules do not look inside such blocks either
until the namespace is right.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="https://www.google.com/schemas/sitemap-video/1.1/">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
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
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd | kXml,
                         .search_console = "Incorrect namespace"};

using VideoNamespaceMismatch = NamespaceNearMissRule<kVideoFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_namespace_mismatch, kMeta, VideoNamespaceMismatch)
