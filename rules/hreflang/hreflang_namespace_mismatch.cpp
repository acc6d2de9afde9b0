// LANG101 hreflang-namespace-mismatch: a namespace URI that misses XHTML's by a little.
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "The namespace of the hreflang links is not http://www.w3.org/1999/xhtml",
                         .docs = R"md(
## What it does
Reports a namespace declaration that was meant to bind `<xhtml:link>` but misses the XHTML
namespace, `http://www.w3.org/1999/xhtml`: a trailing slash, `https`, other letter case
(`http://www.w3.org/1999/XHTML`), a `.xsd` file name, or the `xhtml` prefix bound to some other
URI. Namespaces are compared as exact strings, so none of these is XHTML. The fix writes the right
URI when the declared one is a misspelling of it. The links in the wrong namespace get no other
hreflang check until it is fixed.

## Why it matters
Google's hreflang sitemap format asks for `xmlns:xhtml="http://www.w3.org/1999/xhtml"`. Elements
in any other namespace are not hreflang annotations: every alternate in the file is silently
ignored.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:xhtml="http://www.w3.org/1999/xhtml/">
  <url>
    <loc>https://example.com/en/</loc>
    <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://example.com/en/</loc>
    <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kXml};

class HreflangNamespaceMismatch final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.finish(); }
  void on_finish(const Document& doc, FindingSink& out) override {
    // Sitemaps only: a feed may carry XHTML content of its own.
    if (doc.kind != DocumentKind::UrlSet && doc.kind != DocumentKind::SitemapIndex) return;
    report_namespace_near_misses(kHreflangFamily, doc, out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_namespace_mismatch, kMeta, HreflangNamespaceMismatch)
