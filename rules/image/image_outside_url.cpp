// IMG103 image-outside-url: an <image:image> that belongs to no page.
#include "rules/extension/family_rules.h"
#include "rules/image/utils/image_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An <image:image> outside any <url>",
                         .docs = R"md(
## What it does
Reports an `<image:image>` directly in `<urlset>` or `<sitemapindex>`, or in a `<sitemap>` entry
of an index.

## Why it matters
Google's image sitemaps list the images of a page inside that page's `<url>`. The sitemap XSDs'
wildcards accept an extension element at the top level, so the file still validates, but no page
owns the image there and Google ignores it. (An `<image:image>` inside `<loc>` or another
protocol field is `unknown-element`'s.)

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <image:image><image:loc>https://example.com/photo.jpg</image:loc></image:image>
  <url>
    <loc>https://example.com/gallery</loc>
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
    <image:image><image:loc>https://example.com/photo.jpg</image:loc></image:image>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

using ImageOutsideUrl = OutsideUrlRule<kImageFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_outside_url, kMeta, ImageOutsideUrl)
