// SM305 unescaped-greater-than: a raw > in text, which the sitemap protocol asks to escape as &gt;.
#include "analysis/xml_text.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .fixes = Fixes::Always,
                         .summary = "A raw > in text, which the protocol asks to write as &gt;",
                         .docs = R"md(
## What it does
Reports each greater-than sign (`>`) written as is in element text. The fix writes `&gt;`. Attribute values
and CDATA sections are not affected.

## Why it matters
The sitemaps.org protocol asks that all data values be entity-escaped, including `>`. XML itself
accepts a raw `>` in text, so parsers do not fail and no search engine is known to mind: this is protocol
advice, reported as info (real sitemaps carry thousands of such characters in titles and
descriptions). Raise it with `--severity` if your consumers follow the protocol to the letter.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/</loc>
    <news:news>
      <news:publication><news:name>Example News</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2024-12-31</news:publication_date>
      <news:title>Shoes > Boots</news:title>
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
    <loc>https://example.com/</loc>
    <news:news>
      <news:publication><news:name>Example News</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2024-12-31</news:publication_date>
      <news:title>Shoes &gt; Boots</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kSitemapsOrg};

class UnescapedGreaterThan final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.text_holding(kGreaterThan); }
  void on_text(const TextRun& run, FindingSink& out) override { report_unescaped(run, '>', "'>'", "&gt;", out); }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(unescaped_greater_than, kMeta, UnescapedGreaterThan)
