// NEWS106 news-child-out-of-order: the children of a news element out of the XSD's sequence.
#include "rules/extension/extension_rules.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The children of a <news:news> or <news:publication> are not in the XSD's order",
                         .docs = R"md(
## What it does
Reports a child of `<news:news>` or `<news:publication>` that comes after one the XSD puts
later. The order is `publication`, `access`, `genres`, `publication_date`, `title`, `keywords`,
`stock_tickers` in `<news:news>`, and `name`, `language` in `<news:publication>`. Each child out of
order is reported once, on its start tag.

## Why it matters
The XSD defines the children as a sequence, so schema validators reject another order. Google
reads them in any order, which is why this is a warning.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:title>Example launches a new harbour ferry</news:title>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
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

using NewsChildOutOfOrder = BlockCheckRule<kNewsFamily, report_children_out_of_order>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_child_out_of_order, kMeta, NewsChildOutOfOrder)
