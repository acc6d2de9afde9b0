// PMAP101 pagemap-namespace-mismatch: a namespace URI that was meant to be the PageMap extension's.
#include "rules/extension/extension_rules.h"
#include "rules/pagemap/utils/pagemap_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Error,
    .fixes = Fixes::Sometimes,
    .summary = "A namespace URI misses the PageMap extension's http://www.google.com/schemas/sitemap-pagemap/1.0",
    .docs = R"md(
## What it does
Reports a namespace declaration whose URI looks like the PageMap extension's but is not exactly
`http://www.google.com/schemas/sitemap-pagemap/1.0`: another version, `https`, `www.` missing,
the schema file's address (`.../1.0/sitemap-pagemap.xsd`), a trailing slash, capitals; or the
prefix `pagemap` bound to a URI of no sitemap schema at all. The finding is on the URI. Where the
URI is a misspelling of the PageMap namespace, the fix writes the right one.

## Why it matters
XML namespaces are compared as exact strings. Google's sitemap example for PageMaps declares
`<PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">`; in any other namespace the
`<PageMap>` is an element Programmable Search Engine does not know, and the page's DataObjects
are lost.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/guides/knots</loc>
    <PageMap xmlns="https://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="document">
        <Attribute name="title">Three knots for sailors</Attribute>
      </DataObject>
    </PageMap>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/guides/knots</loc>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="document">
        <Attribute name="title">Three knots for sailors</Attribute>
      </DataObject>
    </PageMap>
  </url>
</urlset>
```
)md",
    .authorities = kGoogle};

using PageMapNamespaceMismatch = NamespaceNearMissRule<kPageMapFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(pagemap_namespace_mismatch, kMeta, PageMapNamespaceMismatch)
