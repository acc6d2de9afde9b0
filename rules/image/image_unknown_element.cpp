// IMG102 image-unknown-element: an element of the image namespace where the XSD has none.
#include "rules/extension/extension_rules.h"
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An element the image extension does not define, or one out of its place",
                         .docs = R"md(
## What it does
Reports, in a `<url>`:
- an element of the image namespace other than `<image:image>` (`<image:loc>` straight in
  `<url>`, `<image:images>`, `<image:Image>`);
- inside `<image:image>`, any element other than `<image:loc>` and the deprecated
  `<image:caption>`, `<image:geo_location>`, `<image:title>` and `<image:license>` (with a "did
  you mean" for a slip such as `<image:Loc>`), including elements of other namespaces;
- any element inside those text-only children.

An image element straight in `<urlset>` other than `<image:image>` is reported too
(`image-outside-url` handles a misplaced `<image:image>`).

## Why it matters
The image XSD has no wildcard: only the elements it lists may appear, each in its place, and
names are case-sensitive. Validators reject the file, and Google reads nothing from an element it
does not know, so the image it was meant to describe may be lost.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image>
      <image:loc>https://example.com/photo.jpg</image:loc>
      <image:alt>A red bicycle</image:alt>
    </image:image>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image>
      <image:loc>https://example.com/photo.jpg</image:loc>
    </image:image>
  </url>
</urlset>
```
Describe the image on the page itself (`alt` text, captions near it): Google reads those.
)md",
                         .authorities = kGoogle | kExtensionXsd};

using ImageUnknownElement = UnknownElementRule<kImageFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_unknown_element, kMeta, ImageUnknownElement)
