// SM007 compression-error: gzip input that cannot be decompressed.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The gzip-compressed input is corrupt or truncated",
                         .docs = R"md(
## What it does
Reports a gzip input (recognised by its magic bytes, whatever its name) whose data is corrupt,
truncated, or followed by junk. Nothing is parsed from it.

Over HTTP, also reports a body that is not what its `Content-Encoding` says: plain XML sent with
`Content-Encoding: gzip`, or gzip bytes labelled `br`. sitemaplint reads such a body as it was
sent, and lints it; a crawler that undoes the encoding gets an error instead.

## Why it matters
Search engines fetch `sitemap.xml.gz` and decompress it; a broken archive is a sitemap they cannot
read at all ("Compression error" in Search Console). It usually means an interrupted upload or a
file compressed twice.

## Example
```text
$ head -c 100 sitemap.xml.gz > broken.xml.gz   (a truncated archive)
```

## Use instead
```text
$ gzip -9 -c sitemap.xml > sitemap.xml.gz
```
)md",
                         .authorities = kSitemapsOrg | kGoogle,
                         .search_console = "Compression error"};

class CompressionError final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.load.compression_error.empty()) out.report({.at = {0, 0}, .message = doc.load.compression_error});
    if (!doc.load.content_encoding_error.empty()) {
      out.report({.at = {0, 0},
                  .message = "the server sent a body that is not what its Content-Encoding says (" +
                             doc.load.content_encoding_error +
                             "): crawlers that undo the encoding cannot read it (sitemaplint read it as sent); send "
                             "Content-Encoding only for a body encoded so"});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(compression_error, kMeta, CompressionError)
