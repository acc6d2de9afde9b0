// NEWS102 news-unknown-element: an element of the news namespace where the XSD has none.
#include "rules/extension/extension_rules.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An element the news extension does not define, or one out of its place",
                         .docs = R"md(
## What it does
Reports, in a `<url>`:
- an element of the news namespace other than `<news:news>` (`<news:title>` straight in `<url>`);
- inside `<news:news>`, any element other than `<news:publication>`, `<news:publication_date>`,
  `<news:title>` and the deprecated `<news:access>`, `<news:genres>`, `<news:keywords>` and
  `<news:stock_tickers>`, with a "did you mean" for a slip such as `<news:Title>`; elements of
  other namespaces included;
- inside `<news:publication>`, any element other than `<news:name>` and `<news:language>`
  (a `<news:name>` directly in `<news:news>` is reported as unknown there);
- any element inside a text-only news element.

A news element straight in `<urlset>` other than `<news:news>` is reported too
(`news-outside-url` handles a misplaced `<news:news>`).

## Why it matters
The news XSD has no wildcard: only the elements it lists may appear, each in its place, and
names are case-sensitive. Validators reject the file, and Google reads nothing from an element it
does not know: an author or an image given this way is lost (they belong on the article page, in
its structured data).

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
      <news:title>Example launches a new harbour ferry</news:title>
      <news:author>Jane Doe</news:author>
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
Give the author on the article page, with `Article` structured data.
)md",
                         .authorities = kGoogle | kExtensionXsd};

using NewsUnknownElement = UnknownElementRule<kNewsFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_unknown_element, kMeta, NewsUnknownElement)
