// NEWS104 news-unexpected-attribute: an attribute on a news element; the XSD declares none.
#include "rules/extension/extension_rules.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An attribute on a news element, which takes none",
                         .docs = R"md(
## What it does
Reports every attribute of `<news:news>` and of the elements inside it, on the attribute's
name. Namespace declarations and the XML Schema instance attributes (`xsi:schemaLocation`) are
allowed.

## Why it matters
The news XSD declares no attribute at all, so validators reject the file, and Google reads
none: a language or a time zone written as an attribute (`<news:title xml:lang="en">`,
`<news:publication_date tz="CET">`) is lost.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news id="a-1">
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kExtensionXsd};

using NewsUnexpectedAttribute = BlockCheckRule<kNewsFamily, report_unexpected_attributes>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_unexpected_attribute, kMeta, NewsUnexpectedAttribute)
