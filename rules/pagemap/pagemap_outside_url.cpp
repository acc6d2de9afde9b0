// PMAP103 pagemap-outside-url: a <PageMap> that belongs to no page.
#include "rules/extension/family_rules.h"
#include "rules/pagemap/utils/pagemap_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <PageMap> outside any <url>",
                         .docs = R"md(
## What it does
Reports a `<PageMap>` directly in `<urlset>` or `<sitemapindex>`, or in a `<sitemap>` entry of
an index.

## Why it matters
Google's documentation says a PageMap "encloses all PageMap information for the relevant URL",
and its sitemap example puts each `<PageMap>` in the `<url>` of its page. Outside a `<url>` no
page owns it, and it is ignored.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
    <DataObject type="document">
      <Attribute name="title">Three knots for sailors</Attribute>
    </DataObject>
  </PageMap>
  <url>
    <loc>https://example.com/guides/knots</loc>
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

using PageMapOutsideUrl = OutsideUrlRule<kPageMapFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(pagemap_outside_url, kMeta, PageMapOutsideUrl)
