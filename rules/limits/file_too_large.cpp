// SM702 file-too-large: more than 52,428,800 bytes uncompressed.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The sitemap is larger than 52,428,800 bytes uncompressed",
                         .docs = R"md(
## What it does
Reports a sitemap whose uncompressed size exceeds 52,428,800 bytes (50 MiB). For gzip input,
decompression stops just past the limit (so a decompression bomb costs no more than that) and the
truncated document is not checked further.

## Why it matters
The limit applies to the uncompressed file, whatever its compressed size; search engines stop
reading past it ("Sitemap file size error"). Split the sitemap and list the parts in an index.

## Example
```text
sitemap.xml of 60,000,000 bytes
```

## Use instead
```text
sitemap-1.xml and sitemap-2.xml of at most 52,428,800 bytes each, listed in an index
```
)md",
                         .authorities = kSitemapsOrg | kGoogle | kBing,
                         .search_console = "Sitemap file size error"};

class FileTooLarge final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (doc.load.decompression_stopped) {
      out.report({.at = {0, 0},
                  .message = doc.load.compressed ? "decompressed size exceeds the limit of 52,428,800 bytes; "
                                                   "decompression stopped there and the document was not checked"
                                                 : "the response holds more than 52,428,800 bytes (once its "
                                                   "Content-Encoding, if any, is undone); reading stopped there and "
                                                   "the document was not checked"});
    } else if (doc.bytes.size() > kProtocolMaxBytes) {
      out.report({.at = {0, 0},
                  .message = "the sitemap is " + grouped(doc.bytes.size()) +
                             " bytes uncompressed; the limit is 52,428,800 bytes (50 MiB)"});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(file_too_large, kMeta, FileTooLarge)
