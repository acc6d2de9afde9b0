// SM004 invalid-xml-character: characters XML 1.0 does not allow anywhere in a document.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A character that XML 1.0 forbids, such as a control character",
                         .docs = R"md(
## What it does
Reports control characters other than tab, line feed and carriage return (U+0000 to U+001F), and
the non-characters U+FFFE and U+FFFF. At most 100 are reported per file.

## Why it matters
XML 1.0 forbids these characters even when escaped, so strict parsers reject the whole sitemap.
They usually come from database fields copied verbatim (a form feed, a vertical tab, a NUL).

## Example
They are forbidden everywhere, comments included. A build script wrote its coloured terminal
output into one, with the escape character U+001B (written `\x1B` here):
```xml bytes
<?xml version="1.0" encoding="UTF-8"?>
<!-- built by deploy.sh: \x1B[32mOK\x1B[0m -->
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<!-- built by deploy.sh: OK -->
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
```
)md",
                         .authorities = kXml | kSitemapsOrg};

class InvalidXmlCharacter final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (doc.kind == DocumentKind::NotSitemap) return;  // not-a-sitemap says it once, not per byte
    for (const ByteFinding& f : doc.encoding.invalid_characters)
      out.report({.at = {f.offset, f.length}, .message = f.message});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(invalid_xml_character, kMeta, InvalidXmlCharacter)
