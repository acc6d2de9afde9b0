// LANG110 hreflang-code-format: a supported hreflang value not written in its conventional case,
// or with white space around it.
#include "rules/hreflang/hreflang_link.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
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
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://example.com/en-us/</loc>
    <xhtml:link rel="alternate" hreflang="EN-us" href="https://example.com/en-us/"/>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://example.com/en-us/</loc>
    <xhtml:link rel="alternate" hreflang="en-US" href="https://example.com/en-us/"/>
  </url>
</urlset>
```
)md",
                        .authorities = kBcp47 | kAdvice};

class HreflangCodeFormat final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kXhtmlNamespace, "link"); }

  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const Attribute* hreflang = block.root().attribute("hreflang");
    if (entry.kind != EntryKind::Url || !hreflang) return;
    const Field& field = hreflang->value;
    const std::string_view code = trim_xml_space(field.value);
    const LanguageTag tag = parse_language_tag(code);
    if (code_key(tag) == kNoCode) return;  // malformed or unknown: LANG107 and LANG108
    const bool padded = code.size() != field.value.size();
    const bool x_default_case = tag.shape == TagShape::XDefault && code != "x-default";
    if (!padded && !x_default_case && is_conventional_case(tag)) return;
    const std::string canonical = canonical_tag(tag);
    out.report(field.value_offset, field.raw.size(),
               "hreflang " + quoted(field.value) + " is better written " + quoted(canonical),
               Fix{field.value_offset, field.raw.size(), canonical, "replace with " + quoted(canonical)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_code_format, kMeta, HreflangCodeFormat)
