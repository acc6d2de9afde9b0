// SM011 xml-version: an XML declaration that names a 1.x version other than 1.0.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The XML declaration names a version other than 1.0",
                         .docs = R"md(
## What it does
Reports an XML declaration whose `version` is a 1.x other than `1.0`, such as
`<?xml version="1.1"?>`. A version that is not `1.` and digits at all (`2.0`, `1`), and a
declaration without one, are not well-formed: `xml-syntax` reports those.

## Why it matters
Sitemaps are XML 1.0 documents: the sitemaps.org schema and every example declare 1.0, and the
parsers crawlers use implement XML 1.0. XML 1.0 tells such a parser to read a 1.1 document as if it
were 1.0, so whatever 1.1 would change (more name characters, escaped control characters, `NEL`
as a line end) is read differently or rejected, and some parsers refuse the version outright. No
sitemap needs XML 1.1.

## Example
```xml
<?xml version="1.1" encoding="UTF-8"?>
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
                         .authorities = kXml | kAdvice};

class XmlVersion final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.parsed) return;
    const pugi::xml_node declaration = doc.tree.first_child();
    if (declaration.type() != pugi::node_declaration) return;
    const std::string_view version = declaration.attribute("version").value();
    // Only a well-formed 1.x: anything else is an xml-syntax error already.
    if (version == "1.0" || version.size() < 3 || !version.starts_with("1.") ||
        version.find_first_not_of("0123456789", 2) != std::string_view::npos) {
      return;
    }
    out.report(
        {.at = {doc.offset_of(declaration.attribute("version").value()), version.size()},
         .message = "the XML declaration names version " + quoted(version) +
                    "; sitemaps are XML 1.0, and XML 1.0 parsers read a 1.x document as 1.0: write version=\"1.0\""});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(xml_version, kMeta, XmlVersion)
