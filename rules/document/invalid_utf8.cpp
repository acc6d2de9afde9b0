// SM003 invalid-utf8: bytes that are not valid UTF-8.
#include <string>
#include <string_view>
#include <vector>

#include "analysis/message_text.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "Bytes that are not valid UTF-8, or not valid in the encoding the file is read as",
                         .docs = R"md(
## What it does
Reports each byte that does not belong to a valid UTF-8 sequence: stray Latin-1 bytes, truncated
or overlong sequences, encoded surrogates. At most 100 are reported per file.

A file whose declaration names an encoding sitemaplint has no converter for (`encoding-not-utf8`
reports the declaration) is read as UTF-8, and every byte above 127 in it has that one cause:
such a file gets one finding, on the first of them, which says how many there are.

A file read in another encoding (`encoding-not-utf8` says how) is held to that encoding instead:
a pair of bytes Shift_JIS assigns no character (0x85 0x40), a UTF-16 surrogate without its pair, a
byte a Windows code page leaves undefined (0x81 in windows-1252: unicode.org's `CP1252.TXT` says
"UNDEFINED", and iconv, libxml2 and xmllint reject it, though ICU and browsers read it as the
control character U+0081). XML 1.0, section 4.3.3: "It is a fatal error if an XML entity is determined (via default,
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

// Whether the file declares an encoding other than UTF-8 that was not decoded (no ICU converter
// has it) and is read as UTF-8 all the same.
bool declared_but_undecoded(const Document& doc) {
  return doc.encoding.foreign_encoding && !doc.encoding.foreign_encoding_is_fatal && doc.load.read_as.empty();
}

// One finding for all the bytes of a file in an encoding that was not decoded, on the first.
void report_undecoded(const Document& doc, FindingSink& out) {
  const std::vector<ByteFinding>& bytes = doc.encoding.invalid_utf8;
  const ByteFinding& declaration = *doc.encoding.foreign_encoding;
  const std::string_view encoding = doc.bytes.substr(declaration.offset, declaration.length);
  const std::size_t others = bytes.size() - 1;
  std::string message = "this byte is not UTF-8";
  if (others > 0) {
    message += ", nor " + std::string(bytes.size() >= kMaxByteFindings ? "at least " : "") +
               counted(others, "other byte") + " after it";
  }
  message += ": the declaration names encoding " + quoted(encoding) +
             ", which sitemaplint cannot decode, so the file is read as UTF-8; save it as UTF-8";
  out.report({.at = {bytes.front().offset, bytes.front().length}, .message = std::move(message)});
}

class InvalidUtf8 final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (doc.kind == DocumentKind::NotSitemap) return;  // not-a-sitemap says it once, not per byte
    if (doc.encoding.invalid_utf8.empty()) return;
    if (declared_but_undecoded(doc)) return report_undecoded(doc, out);
    for (const ByteFinding& f : doc.encoding.invalid_utf8)
      out.report({.at = {f.offset, f.length}, .message = f.message});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(invalid_utf8, kMeta, InvalidUtf8)
