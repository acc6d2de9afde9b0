// LANG107 hreflang-code-malformed: an hreflang value that is neither x-default nor
// language[-Script][-REGION].
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/hreflang/utils/link_traits.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "An hreflang value that is not language[-Script][-REGION] or x-default",
                         .docs = R"md(
## What it does
Reports an `hreflang` value that does not have the form Google reads: `x-default`, or a language
code with an optional script and an optional region, separated by `-` (`en`, `en-GB`,
`zh-Hant`, `zh-Hant-TW`). Caught: `_` or a space as the separator (`en_US`), misspellings of
x-default (`x_default`, `xdefault`), extra parts (`en-US-invalid-extra`, `de-DE-1996`,
`en-US-u-ca-gregory`) and anything else (`en-`, `english`). Where the value only used the wrong
separator and the result is a supported code, the fix writes it with `-` (`en_US` -> `en-US`,
`x_default` -> `x-default`). Whether the codes exist is `hreflang-code-unknown`'s.

## Why it matters
Google reads the value as a language, then optionally a script and a region, "separated by a
dash"; the XHTML schema's `xs:language` type rejects `_` too. A value Google cannot read makes the
link useless, and with it this page's place in the cluster.

## Example
```xml
<url>
  <loc>https://example.com/en-us/</loc>
  <xhtml:link rel="alternate" hreflang="en_US" href="https://example.com/en-us/"/>
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
                         .authorities = kGoogle | kBcp47 | kXml};

class HreflangCodeMalformed final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kXhtmlNamespace, "link", links_showing(kLinkCodeUnusual));
  }

  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const std::optional<LinkCode> link = link_code(block, entry);
    if (!link || link->code.empty() || link->tag.shape != TagShape::Malformed) return;  // empty: LANG106
    const std::string_view code = link->code;
    const MalformedTag why = diagnose_malformed(code);
    const std::string value = "hreflang " + quoted(code);
    std::string message;
    std::string replacement;
    switch (why.kind) {
      case Malformation::XDefaultSpelling:
        message = value + " must be written 'x-default'";
        replacement = why.repaired;
        break;
      case Malformation::Separator: {
        message = value + " uses " + (why.separator == '_' ? "'_'" : "a space") +
                  "; language, script and region are separated by '-'";
        // A repair is suggested when it is a supported code, and written only when its region is
        // not a reserved one (which would then need a warning of its own).
        const LanguageTag repaired = parse_language_tag(why.repaired);
        if (code_key(repaired) != kNoCode) {
          const std::string canonical = canonical_tag(repaired);
          message += ": " + quoted(canonical);
          if (!has_reserved_region(repaired)) replacement = canonical;
        }
        break;
      }
      case Malformation::TooManyParts:
        message = value + " has too many parts; Google accepts language[-Script][-REGION]";
        break;
      case Malformation::Empty:
      case Malformation::Other:
        message = value +
                  " is not a language code; Google accepts language[-Script][-REGION], such as 'en', "
                  "'en-GB' or 'zh-Hant-TW', or 'x-default'";
        break;
    }
    std::optional<Fix> fix;
    if (!replacement.empty()) fix = replace_code(*link, replacement);
    const Span span = value_span(link->hreflang->value);
    out.report({.at = span, .message = std::move(message), .fix = std::move(fix)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_code_malformed, kMeta, HreflangCodeMalformed)
