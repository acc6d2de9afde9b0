// SM006 doctype-present: a DOCTYPE declaration in a sitemap.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The sitemap contains a DOCTYPE declaration",
                         .docs = R"md(
## What it does
Reports a `<!DOCTYPE ...>` declaration. sitemaplint never reads DTDs and never expands the
entities they define, so values that use them are left as written.

## Why it matters
Sitemaps are defined by an XML Schema, not a DTD. A DOCTYPE can declare entities that expand to
enormous text ("billion laughs") or to local files (XXE), so careful crawlers refuse or ignore it,
and what your URLs contain then depends on who reads them.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE urlset [<!ENTITY site "https://example.com">]>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
```
)md",
                         .authorities = kAdvice};

class DoctypePresent final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.doctype_offset) return;
    out.report({.at = {*doc.doctype_offset, 9},
                .message = "DOCTYPE declarations are not allowed in sitemaps; its entities are not expanded"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(doctype_present, kMeta, DoctypePresent)
