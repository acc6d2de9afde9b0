// IMG101 image-namespace-mismatch: a namespace URI that was meant to be the image extension's.
#include "rules/extension/extension_rules.h"
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Error,
    .fixes = Fixes::Sometimes,
    .summary = "A namespace URI misses the image extension's http://www.google.com/schemas/sitemap-image/1.1",
    .docs = R"md(
## What it does
Reports a namespace declaration whose URI looks like the image extension's but is not exactly
`http://www.google.com/schemas/sitemap-image/1.1`: another version (`/2.0`), `https`, `www.`
missing, `sitemap-images`, the schema file's address (`.../1.1/sitemap-image.xsd`), a trailing
slash, capitals; or the prefix `image` bound to a URI of no sitemap schema at all. The finding is
on the URI. Where the URI is a misspelling of the image namespace, the fix writes the right one;
a prefix bound to an unrelated URI gets no fix (the URI may be meant for something else).

The elements in such a namespace get no other image finding: once the namespace is right, the
other image rules check them.

## Why it matters
XML namespaces are compared as exact strings. Google's page: "The `image` tags are defined in the
Image Sitemaps namespace: `http://www.google.com/schemas/sitemap-image/1.1`", and 1.1 is the only
version. With any other URI the `<image:image>` elements are foreign elements to Google and every
image in the file is ignored; Search Console reports **"Incorrect namespace"**.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/2.0">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image><image:loc>https://example.com/photo.jpg</image:loc></image:image>
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
    .authorities = kGoogle | kExtensionXsd | kXml,
    .search_console = "Incorrect namespace"};

using ImageNamespaceMismatch = NamespaceNearMissRule<kImageFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_namespace_mismatch, kMeta, ImageNamespaceMismatch)
