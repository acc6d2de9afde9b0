// LANG109 hreflang-region-reserved: an hreflang region that ISO 3166 reserves (UK, EU, UN ...).
#include "analysis/ascii.h"
#include "analysis/language_subtags.h"
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/hreflang/utils/link_traits.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Warning,
    .fixes = Fixes::Sometimes,
    .summary = "An hreflang region that ISO 3166-1 reserves, such as UK or EU, which Google ignores",
    .docs = R"md(
## What it does
Reports an `hreflang` value whose region is a code ISO 3166-1 reserves instead of assigning to a
country: `UK` (the United Kingdom is `GB`), `EU`, `UN`, `EZ`, the withdrawn `YU`, `ZR`, `CS` and
the like, and the user-assigned `XK`. The fix turns `UK` into `GB` (the IANA Language Subtag
Registry has no `UK` at all: ISO 3166 reserves it for the United Kingdom, whose code is `GB`), and
a code the registry deprecates into the `Preferred-Value` it gives (`BU` -> `MM`, `ZR` -> `CD`,
`TP` -> `TL`, and `DD` -> `DE`, `YD` -> `YE`, which ISO no longer reserves); the others (`EU`,
`UN`, `YU`, `CS` ...) have no single country to turn into.

## Why it matters
Google: "If you use codes that are listed as reserved for something else, Google Search ignores
that part of the annotation (for example, using EU, UN, or UK in hreflang annotations doesn't have
an effect on Google Search)". `en-UK` therefore means `en`: the page is offered to English
speakers everywhere, not only in the United Kingdom, and may compete with your other English
pages.

## Example
```xml
<url>
  <loc>https://example.com/en-gb/</loc>
  <xhtml:link rel="alternate" hreflang="en-UK" href="https://example.com/en-gb/"/>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/en-gb/</loc>
  <xhtml:link rel="alternate" hreflang="en-GB" href="https://example.com/en-gb/"/>
</url>
```
)md",
    .authorities = kGoogle};

class HreflangRegionReserved final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kXhtmlNamespace, "link", links_showing(kLinkCodeUnusual));
  }

  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const std::optional<LinkCode> link = link_code(block, entry);
    if (!link || code_key(link->tag) == kNoCode || !has_reserved_region(link->tag)) return;
    const LanguageTag& tag = link->tag;
    const std::string region = ascii_uppered(tag.region);
    const std::string_view meant = country_meant_by_reserved(region);
    std::string message = "hreflang " + quoted(link->code) + ": " + region;
    if (!meant.empty()) message += " is not an ISO 3166-1 country code (the country is " + std::string(meant) + ")";
    else message += " is reserved in ISO 3166-1, not a country";
    message +=
        "; Google ignores the region, so this link targets all " + english_language_name(tag.language) + " speakers";
    std::optional<Fix> fix;
    if (!meant.empty()) {
      LanguageTag fixed = tag;
      fixed.region = meant;
      fix = replace_code(*link, canonical_tag(fixed));
    }
    const Span span = value_span(link->hreflang->value);
    out.report({.at = span, .message = std::move(message), .fix = std::move(fix)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_region_reserved, kMeta, HreflangRegionReserved)
