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
```text
<loc>https://example.com/page\x0C</loc>     (a form feed, U+000C)
```

## Use instead
```text
<loc>https://example.com/page</loc>
```
)md"};

class InvalidXmlCharacter final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (doc.kind == DocumentKind::NotSitemap) return;  // not-a-sitemap says it once, not per byte
    for (const ByteFinding& f : doc.encoding.invalid_characters) out.report(f.offset, f.length, f.message);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(invalid_xml_character, kMeta, InvalidXmlCharacter)
