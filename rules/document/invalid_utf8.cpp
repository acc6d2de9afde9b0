// SM003 invalid-utf8: bytes that are not valid UTF-8.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "Bytes that are not valid UTF-8, or not valid in the encoding the file is read as",
                         .docs = R"md(
## What it does
Reports each byte that does not belong to a valid UTF-8 sequence: stray Latin-1 bytes, truncated
or overlong sequences, encoded surrogates. At most 100 are reported per file.

A file read in another encoding (`encoding-not-utf8` says how) is held to that encoding instead:
a pair of bytes Shift_JIS assigns no character (0x85 0x40), a UTF-16 surrogate without its pair. XML 1.0, section 4.3.3: "It is a fatal error if an XML entity is determined (via default,
encoding declaration, or higher-level protocol) to be in a certain encoding but contains byte
sequences that are not legal in that encoding." The finding stands where the character would.

## Why it matters
The protocol requires UTF-8, and strict XML parsers stop at the first invalid byte, so the rest of
the sitemap is lost. The usual cause is text pasted from a Latin-1 or Windows-1252 source.

## Example
Text pasted from a Latin-1 source, where "é" is the single byte 0xE9 (written `\xE9` here):
```xml bytes
<loc>https://example.com/caf\xE9</loc>
```

## Use instead
```xml
<loc>https://example.com/caf%C3%A9</loc>
```
)md",
                         .authorities = kXml | kSitemapsOrg};

class InvalidUtf8 final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (doc.kind == DocumentKind::NotSitemap) return;  // not-a-sitemap says it once, not per byte
    for (const ByteFinding& f : doc.encoding.invalid_utf8)
      out.report({.at = {f.offset, f.length}, .message = f.message});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(invalid_utf8, kMeta, InvalidUtf8)
