// SM006 doctype-present: a DOCTYPE declaration in a sitemap.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The sitemap contains a DOCTYPE declaration",
                         .docs = R"md(
## What it does
Reports a `<!DOCTYPE ...>` declaration. sitemaplint never reads DTDs and never expands the
entities they define, so values that use them are left as written (and each use is an
`undefined-entity` error).

## Why it matters
Sitemaps are defined by an XML Schema, not a DTD: a DOCTYPE is well-formed XML, and the XSDs
accept a document with one, but it has no use in a sitemap. It can declare entities that expand
to enormous text ("billion laughs") or to local files (XXE), so careful crawlers refuse or ignore
it, and what your URLs contain then depends on who reads them. A warning: the document is still a
sitemap.

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
                .message = "a DOCTYPE has no use in a sitemap, and careful crawlers refuse or ignore one; remove it "
                           "(its entities are not expanded)"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(doctype_present, kMeta, DoctypePresent)
