// IMG105 image-duplicate-child: one <image:image> with two of the same child.
#include "rules/extension/extension_rules.h"
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An <image:image> has the same child element twice",
                         .docs = R"md(
## What it does
Reports a second `<image:loc>` (or `<image:caption>`, `<image:geo_location>`, `<image:title>`,
`<image:license>`) in one `<image:image>`, and points at the first.

## Why it matters
The image XSD allows each child once: one `<image:image>` describes one image. Validators reject
the file, and a second `<image:loc>` is usually a second image that needs an `<image:image>` of
its own; Search Console reports such files as **"Invalid XML: too many tags"**.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image>
      <image:loc>https://example.com/photo-1.jpg</image:loc>
      <image:loc>https://example.com/photo-2.jpg</image:loc>
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
    <image:image><image:loc>https://example.com/photo-1.jpg</image:loc></image:image>
    <image:image><image:loc>https://example.com/photo-2.jpg</image:loc></image:image>
  </url>
</urlset>
```
)md",
                         .authorities = kExtensionXsd | kGoogle,
                         .search_console = "Invalid XML: too many tags"};

using ImageDuplicateChild = BlockCheckRule<kImageFamily, report_duplicate_children>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_duplicate_child, kMeta, ImageDuplicateChild)
