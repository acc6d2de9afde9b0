// LANG110 hreflang-code-format: a supported hreflang value not written in its conventional case,
// or with white space around it.
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/hreflang/utils/link_traits.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Warning,
    .fixes = Fixes::Always,
    .summary = "An hreflang value in unconventional case (EN-us, X-DEFAULT) or with white space around it",
    .docs = R"md(
## What it does
Reports a supported `hreflang` value written otherwise than BCP 47's conventional case, or with
white space around it: a language not in lower case (`EN`, `De-de`), a region in mixed case
(`en-Gb`), a script neither Title, lower nor upper case (`zh-hANT`), `X-DEFAULT`, or `" en "`. An
all-lower-case region (`en-gb`, `de-ch`) is fine: Google's own examples write it so. The fix
writes the value as `en-GB`, `zh-Hant` and `x-default` are written.

## Why it matters
Case does not change the meaning of a language tag, and Google matches codes case-insensitively,
but white space is not part of the grammar, and a mix of spellings makes clusters hard to review
and to compare across pages.

## Example
```xml
<url>
  <loc>https://example.com/en-us/</loc>
  <xhtml:link rel="alternate" hreflang="EN-us" href="https://example.com/en-us/"/>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/en-us/</loc>
  <xhtml:link rel="alternate" hreflang="en-US" href="https://example.com/en-us/"/>
</url>
```
)md",
    .authorities = kBcp47 | kAdvice};

class HreflangCodeFormat final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kXhtmlNamespace, "link", links_showing(kLinkCodeUnusual));
  }

  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const std::optional<LinkCode> link = link_code(block, entry);
    if (!link || code_key(link->tag) == kNoCode) return;  // malformed or unknown: LANG107 and LANG108
    const Field& field = link->hreflang->value;
    const bool padded = link->code.size() != field.value.size();
    const bool x_default_case = link->tag.shape == TagShape::XDefault && link->code != "x-default";
    if (!padded && !x_default_case && is_conventional_case(link->tag)) return;
    const std::string canonical = canonical_tag(link->tag);
    out.report({.at = {field.value_offset, field.raw.size()},
                .message = "hreflang " + quoted(field.value) + " is better written " + quoted(canonical),
                .fix = replace_code(*link, canonical)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_code_format, kMeta, HreflangCodeFormat)
