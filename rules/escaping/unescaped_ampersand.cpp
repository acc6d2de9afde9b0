// SM301 unescaped-ampersand: a raw '&' that starts no entity reference.
#include "rules/rule_support.h"

#include "analysis/xml_text.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Always,
                         .summary = "A raw '&' that must be written '&amp;'",
                         .docs = R"md(
## What it does
Reports every `&` in text or an attribute value that does not start an entity or character
reference, most often in a URL's query string (`?a=1&b=2`) or a title. The fix writes `&amp;`.
Text inside `<![CDATA[...]]>` is not affected.

## Why it matters
A raw `&` makes the document not well-formed: every XML parser, and so every search engine,
rejects the whole sitemap ("Parsing error"). Many lenient tools hide it.

## Example
```xml
<url><loc>https://example.com/search?q=shoes&page=2</loc></url>
```

## Use instead
```xml
<url><loc>https://example.com/search?q=shoes&amp;page=2</loc></url>
```
)md",
                         .authorities = kXml | kSitemapsOrg | kGoogle,
                         .search_console = "Parsing error"};

class UnescapedAmpersand final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.text_holding(kFaultyReference); }
  void on_text(const TextRun& run, FindingSink& out) override {
    for (std::size_t at = run.first_ampersand; at != std::string_view::npos; at = run.raw.find('&', at + 1)) {
      if (read_reference(run.raw.substr(at)).kind != ReferenceKind::RawAmpersand) continue;
      out.report({.at = {run.offset + at, 1},
                  .message = "raw '&' must be written '&amp;'; XML parsers reject the whole file",
                  .fix = Fix{run.offset + at, 1, "&amp;", "replace with '&amp;'"}});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(unescaped_ampersand, kMeta, UnescapedAmpersand)
