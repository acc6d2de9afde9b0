// SM304 unescaped-apostrophe: a raw ' in text, which the sitemap protocol asks to escape as &apos;.
#include "analysis/xml_text.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .fixes = Fixes::Always,
                         .summary = "A raw apostrophe in text, which the protocol asks to write as &apos;",
                         .docs = R"md(
## What it does
Reports each apostrophe (`'`) written as is in element text. The fix writes `&apos;`. Attribute values
and CDATA sections are not affected.

## Why it matters
The sitemaps.org protocol asks that all data values be entity-escaped, including `'`. XML itself
accepts a raw `'` in text, so parsers do not fail and no search engine is known to mind: this is protocol
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
      <news:title>Joe's Shoes</news:title>
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
      <news:title>Joe&apos;s Shoes</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kSitemapsOrg};

class UnescapedApostrophe final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.text_holding(kApostrophe); }
  void on_text(const TextRun& run, FindingSink& out) override {
    report_unescaped(run, '\'', "apostrophe (')", "&apos;", out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(unescaped_apostrophe, kMeta, UnescapedApostrophe)
