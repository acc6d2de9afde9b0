// IMG106 image-child-out-of-order: the children of an <image:image> out of the XSD's sequence.
#include "rules/extension/extension_rules.h"
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The children of an <image:image> are not in the XSD's order",
                         .docs = R"md(
## What it does
Reports a child of `<image:image>` that comes after one the XSD puts later. The order is `loc`,
`caption`, `geo_location`, `title`, `license`. Each child out of order is reported once, on its
start tag.

## Why it matters
The XSD defines the children as a sequence, so schema validators reject another order. Google
reads them in any order, which is why this is a warning; since the four children after `loc` have
been deprecated since 2022, moving `<image:loc>` first (or dropping the others) settles it.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image>
      <!-- sitemaplint-disable-next-line image-deprecated-tag -->
      <image:title>Sunset</image:title>
      <image:loc>https://example.com/sunset.jpg</image:loc>
    </image:image>
  </url>
</urlset>
```
(Every child but `loc` is deprecated, so such a block also gets `image-deprecated-tag`, an info
finding; the comment silences it here.)

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image>
      <image:loc>https://example.com/sunset.jpg</image:loc>
    </image:image>
  </url>
</urlset>
```
)md",
                         .authorities = kExtensionXsd};

using ImageChildOutOfOrder = BlockCheckRule<kImageFamily, report_children_out_of_order>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_child_out_of_order, kMeta, ImageChildOutOfOrder)
