// NEWS401 news-deprecated-tag: news tags in the XSD that Google no longer documents.
#include "rules/extension/extension_rules.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Info,
    .summary =
        "<news:access>, <news:genres>, <news:keywords> or <news:stock_tickers>, which Google no longer documents",
    .docs = R"md(
## What it does
Reports `<news:access>`, `<news:genres>`, `<news:keywords>` and `<news:stock_tickers>` in a
`<news:news>`: the first of each in the file, with how many the file has. Their values are
checked by `news-deprecated-value-invalid`.

## Why it matters
The 0.9 XSD still defines these tags, but Google's news sitemap documentation lists only
`<news:publication>` (with `<news:name>` and `<news:language>`), `<news:publication_date>` and
`<news:title>`, so Google most likely ignores the others. When it dropped them is not
documented. They do no harm and other consumers may read them, which is why this is a note with
no fix.

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
      <news:keywords>ferry, harbour</news:keywords>
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
    .authorities = kGoogle};

class NewsDeprecatedTag final : public DeprecatedTagRule<kNewsFamily> {
 public:
  void on_finish(const Document&, FindingSink& out) override {
    tags_.report("is not in Google's current news sitemap documentation, so Google probably ignores it", out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_deprecated_tag, kMeta, NewsDeprecatedTag)
