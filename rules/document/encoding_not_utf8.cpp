// SM002 encoding-not-utf8: the input is, or says it is, in an encoding other than UTF-8.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The sitemap is not encoded as UTF-8, or declares another encoding",
                         .docs = R"md(
## What it does
Reports an XML declaration whose `encoding` names anything but UTF-8 (for example `ISO-8859-1`,
`windows-1252` or `UTF-16`), on the name, and a UTF-16 or UTF-32 input without such a declaration,
on its byte order mark.

The file is still read as XML 1.0 reads it (section 4.3.3, "Character Encoding in Entities", and
appendix F): the byte order mark, or the first characters `<?` in two-byte units, say UTF-16 or
UTF-32, and otherwise the declaration names the encoding, which ICU's converters decode. Every
other rule then sees the file's characters, and every line and column is that of the file as
written. Bytes the encoding cannot map are `invalid-utf8`'s findings; a byte order mark or the
bytes themselves against the declaration are `xml-syntax`'s (a fatal error in XML). An encoding
ICU has no converter for is read as UTF-8. Fixes are not offered in a file read in another
encoding: they would be written into it as UTF-8.

## Why it matters
sitemaps.org: "Your Sitemap must be UTF-8 encoded (you can generally do this when you save
the file)." Google, which reads sitemaps as the protocol defines them, asks for the same encoding,
and Search Console names no other. XML itself allows any encoding a processor supports, so schema validation accepts such
a file (`xmllint --schema` validates it, and `--profile xsd` does not run this rule); search
engines need not decode it, and crawlers that ignore the declaration read mojibake in every
non-ASCII URL.

## Example
```xml
<?xml version="1.0" encoding="ISO-8859-1"?>
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
Convert the file to UTF-8 (`iconv -f ISO-8859-1 -t UTF-8`) and declare `encoding="UTF-8"`.
)md",
                         .authorities = kSitemapsOrg | kGoogle | kBing};

class EncodingNotUtf8 final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (const auto& finding = doc.encoding.foreign_encoding) {
      out.report({.at = {finding->offset, finding->length}, .message = finding->message});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(encoding_not_utf8, kMeta, EncodingNotUtf8)
