// NEWS105 news-duplicate-child: a <news:news> or <news:publication> with the same child twice.
#include "rules/extension/extension_rules.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <news:news> or <news:publication> has the same child element twice",
                         .docs = R"md(
## What it does
Reports a second occurrence of any child of `<news:news>` (a second `<news:publication>`,
`<news:title>`, `<news:publication_date>` ...) or of `<news:publication>` (`<news:name>`,
`<news:language>`), and points at the first.

## Why it matters
Google: "Each `<news:news>` parent tag may only have one `<news:publication>` tag", and the XSD
allows every child once. Validators reject the file, and which copy Google would use is not
defined; two titles or two dates usually mean two articles were merged into one entry.

## Example
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
      <news:title>Ferry launched</news:title>
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
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Invalid XML: too many tags"};

using NewsDuplicateChild = BlockCheckRule<kNewsFamily, report_duplicate_children>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_duplicate_child, kMeta, NewsDuplicateChild)
