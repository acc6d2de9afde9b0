// IMG104 image-unexpected-attribute: an attribute on an image element; the XSD declares none.
#include "rules/extension/extension_rules.h"
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An attribute on an image element, which takes none",
                         .docs = R"md(
## What it does
Reports every attribute of `<image:image>` and of its children, on the attribute's name.
Namespace declarations and the XML Schema instance attributes (`xsi:schemaLocation`) are allowed.

## Why it matters
The image XSD declares no attribute at all, so validators reject the file. Google reads none
either: a title or caption written as an attribute (`<image:loc title="...">`) is lost.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image>
      <image:loc width="800">https://example.com/photo.jpg</image:loc>
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
)md",
                         .authorities = kExtensionXsd};

using ImageUnexpectedAttribute = BlockCheckRule<kImageFamily, report_unexpected_attributes>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_unexpected_attribute, kMeta, ImageUnexpectedAttribute)
