// SM303 unescaped-quote: a raw " in text, which the sitemap protocol asks to escape as &quot;.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                        .fixes = Fixes::Always,
                        .summary = "A raw double quote in text, which the protocol asks to write as &quot;",
                        .docs = R"md(
## What it does
Reports each double quote (`"`) written as is in element text. The fix writes `&quot;`. Attribute values
and CDATA sections are not affected.

## Why it matters
The sitemaps.org protocol asks that all data values be entity-escaped, including `"`. XML itself
accepts a raw `"` in text, so parsers do not fail and no search engine is known to mind: this is protocol
advice, reported as info (real sitemaps carry thousands of such characters in titles and
descriptions). Raise it with `--severity` if your consumers follow the protocol to the letter.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/</loc>
    <image:image><image:loc>https://example.com/a.jpg</image:loc><image:title>The "Best" Shoes</image:title></image:image>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/</loc>
    <image:image><image:loc>https://example.com/a.jpg</image:loc><image:title>The &quot;Best&quot; Shoes</image:title></image:image>
  </url>
</urlset>
```
)md",
                        .authorities = kSitemapsOrg};

class UnescapedQuote final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.text(); }
  void on_text(const TextRun& run, FindingSink& out) override {
    report_unescaped(run, '"', "double quote (\")", "&quot;", out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(unescaped_quote, kMeta, UnescapedQuote)
