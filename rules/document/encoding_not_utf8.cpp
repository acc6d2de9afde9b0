// SM002 encoding-not-utf8: the input is, or says it is, in an encoding other than UTF-8.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The sitemap is not encoded as UTF-8, or declares another encoding",
                         .docs = R"md(
## What it does
Reports a UTF-16 or UTF-32 byte order mark, and an XML declaration whose `encoding` names anything
but UTF-8 (for example `ISO-8859-1` or `windows-1252`). A UTF-16/32 input is not checked further.

## Why it matters
The sitemap protocol requires UTF-8. Crawlers that trust the declaration decode the bytes wrongly
and every non-ASCII URL breaks; crawlers that ignore it read mojibake.

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
