// NEWS103 news-outside-url: a <news:news> that belongs to no article.
#include "rules/extension/family_rules.h"
#include "rules/news/utils/news_schema.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <news:news> outside any <url>",
                         .docs = R"md(
## What it does
Reports a `<news:news>` directly in `<urlset>` or `<sitemapindex>`, or in a `<sitemap>` entry of
an index.

## Why it matters
A `<news:news>` describes the article of the `<url>` it stands in. The sitemap XSDs' wildcards
accept an extension element at the top level, so the file still validates, but no article owns
the news entry there and Google ignores it. (A `<news:news>` inside `<loc>` or another protocol
field is `unknown-element`'s.)

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <news:news>
    <news:publication>
      <news:name>The Example Times</news:name>
      <news:language>en</news:language>
    </news:publication>
    <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
    <news:title>Example launches a new harbour ferry</news:title>
  </news:news>
  <url>
    <loc>https://example.com/news/launch</loc>
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
                         .authorities = kGoogle};

using NewsOutsideUrl = OutsideUrlRule<kNewsFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_outside_url, kMeta, NewsOutsideUrl)
