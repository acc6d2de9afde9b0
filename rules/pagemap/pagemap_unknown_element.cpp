// PMAP102 pagemap-unknown-element: an element of the PageMap namespace out of its place.
#include "rules/extension/extension_rules.h"
#include "rules/pagemap/utils/pagemap_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An element the PageMap extension does not define, or one out of its place",
                         .docs = R"md(
## What it does
Reports, in a `<url>`:
- an element of the PageMap namespace other than `<PageMap>` (a `<DataObject>` straight in
  `<url>`, `<pagemap>` in lower case);
- inside `<PageMap>`, any element other than `<DataObject>` (and an optional `<Template>`), with
  a "did you mean" for a slip such as `<Dataobject>`;
- inside `<DataObject>`, any element other than `<Attribute>`: an `<Attribute>` straight in
  `<PageMap>`, a `<DataObject>` inside another;
- any element inside an `<Attribute>`, which holds text only.

A PageMap element straight in `<urlset>` other than `<PageMap>` is reported too
(`pagemap-outside-url` handles a misplaced `<PageMap>`).

## Why it matters
Google's PageMap documentation nests three elements and no others: the PageMap "encloses all
PageMap information for the relevant URL", "Each element (for example, an action) that you want
to add to a snippet is a DataObject", and "Each DataObject has a number of attributes". Names are
case-sensitive. Programmable Search Engine reads nothing from an element it does not know, so the
data it holds is lost.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/guides/knots</loc>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="document">
        <Attribute name="title">Three knots for sailors</Attribute>
      </DataObject>
      <Attribute name="author">A. Sailor</Attribute>
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
        <Attribute name="author">A. Sailor</Attribute>
      </DataObject>
    </PageMap>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

using PageMapUnknownElement = UnknownElementRule<kPageMapFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(pagemap_unknown_element, kMeta, PageMapUnknownElement)
