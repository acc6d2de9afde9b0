// PMAP104 pagemap-unexpected-attribute: an attribute a PageMap element does not take.
#include "rules/extension/extension_rules.h"
#include "rules/pagemap/utils/pagemap_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An attribute a PageMap element does not take",
                         .docs = R"md(
## What it does
Reports, on the attribute's name, an attribute that the PageMap elements do not take:
`<PageMap>` takes none, `<DataObject>` takes `type` and `id`, `<Attribute>` takes `name` and
`value`, and `<Template>` takes `src`. Namespace declarations and the XML Schema instance
attributes (`xsi:schemaLocation`) are allowed.

## Why it matters
Google's PageMap documentation writes a DataObject as `<DataObject type="document" id="...">`
and an attribute as `<Attribute name="label" value="Download"/>` or
`<Attribute name="name">Dragon</Attribute>`. Names are case-sensitive: a `Type="document"` or a
`key="label"` is not read, and the DataObject or Attribute it was meant to name has none.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/guides/knots</loc>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="document" lang="en">
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
        <Attribute name="lang">en</Attribute>
      </DataObject>
    </PageMap>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

using PageMapUnexpectedAttribute = BlockCheckRule<kPageMapFamily, report_unexpected_attributes>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(pagemap_unexpected_attribute, kMeta, PageMapUnexpectedAttribute)
