// SM005 xml-declaration-missing: no <?xml version="1.0" encoding="UTF-8"?> at the start.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Always,
                         .summary = "The file does not start with an XML declaration",
                         .docs = R"md(
## What it does
Reports a sitemap that does not begin with `<?xml version="1.0" encoding="UTF-8"?>`. The fix
inserts that line. A file in UTF-16 or UTF-32 (by its byte order mark) is `encoding-not-utf8`'s
finding instead: a declaration of UTF-8 would be false there.

## Why it matters
The sitemaps.org protocol shows every sitemap starting with the declaration, and some consumers
use it to confirm the encoding. Without it, XML parsers assume UTF-8, so this is a warning only.

## Example
```xml
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

class XmlDeclarationMissing final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.parsed || doc.encoding.has_declaration) return;
    // Read in another encoding, the file is encoding-not-utf8's: a UTF-8 declaration written into
    // it would be false.
    if (!doc.load.read_as.empty()) return;
    if (doc.kind != DocumentKind::UrlSet && doc.kind != DocumentKind::SitemapIndex) return;
    // A declaration that is present but misplaced is an xml-syntax error, not a missing one.
    if (doc.misplaced_declaration) return;
    const std::size_t at = doc.encoding.bom_length;
    // The inserted line ends as the file's lines do (CRLF in a CRLF file).
    const bool crlf = doc.encoding.crlf_lines;
    out.report({.at = {at, 0},
                .message = "the file does not start with <?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                .fix = Fix{at, 0, std::string("<?xml version=\"1.0\" encoding=\"UTF-8\"?>") + (crlf ? "\r\n" : "\n"),
                           "insert the XML declaration"}});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(xml_declaration_missing, kMeta, XmlDeclarationMissing)
