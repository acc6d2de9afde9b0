// LANG108 hreflang-code-unknown: a well-formed hreflang value whose codes Google does not support.
#include "analysis/ascii.h"
#include "analysis/language_subtags.h"
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/hreflang/utils/link_traits.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Error,
    .fixes = Fixes::Sometimes,
    .summary = "An hreflang value whose language, script or region code does not exist or is not supported",
    .docs = R"md(
## What it does
Reports an `hreflang` value of the right form whose codes Google does not support: a language
that is not a two-letter ISO 639-1 code (`fil`, `xx`; a country code such as `us` where the
language goes; a withdrawn code such as `iw`), a script that is not ISO 15924 (`zh-Hanx`), a
numeric UN M.49 region (`es-419`) or a region that is not an ISO 3166-1 country (`en-XY`).
Codes come from the IANA Language Subtag Registry (RFC 5646), embedded with its `File-Date`
(`src/analysis/subtag_registry.inc`), so that a script registered after the ICU release the
program is built with (Garay, `Gara`, registered in 2023) is known. The registry's deprecated
codes are not supported: the withdrawn `iw`, `in`, `ji` and `jw` get a fix to their
`Preferred-Value`, `he`, `id`, `yi` and `jv`, the same languages (`mo` is named with its
preferred `ro`, without a fix). `sh`, which ISO 639-1 withdrew and the registry keeps, is not
supported either. Reserved regions such as `UK` are `hreflang-region-reserved`'s.

## Why it matters
Google: "Only language codes listed in ISO 639-1 and region codes listed in ISO 3166-1 Alpha 2
are supported; other codes that aren't listed in those standards, such as es-419, aren't
supported", and "you can't specify the country code by itself". A link with an unsupported code
is ignored.

## Example
```xml
<url>
  <loc>https://example.com/es/</loc>
  <xhtml:link rel="alternate" hreflang="es-419" href="https://example.com/es/"/>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/es/</loc>
  <xhtml:link rel="alternate" hreflang="es" href="https://example.com/es/"/>
</url>
```
)md",
    .authorities = kGoogle | kBcp47};

// The value with a withdrawn language replaced, when that is the same language and the rest of
// the value is supported; empty otherwise. (mo and sh are not replaced: sh was Serbo-Croatian,
// now three languages, and mo is rare enough to leave to a person.)
std::string replaced_withdrawn(const LanguageTag& tag) {
  const std::string language = ascii_lowered(tag.language);
  if (language != "iw" && language != "in" && language != "ji" && language != "jw") return {};
  std::string text(replacement_for_withdrawn_language(language));
  if (!tag.script.empty()) text += "-" + std::string(tag.script);
  if (!tag.region.empty()) text += "-" + std::string(tag.region);
  const LanguageTag replaced = parse_language_tag(text);
  return code_key(replaced) != kNoCode && !has_reserved_region(replaced) ? canonical_tag(replaced) : std::string();
}

std::string problem_message(const LanguageTag& tag, CodeProblem problem) {
  switch (problem) {
    case CodeProblem::ThreeLetterLanguage:
      return "Google supports only two-letter ISO 639-1 languages, not " + quoted(tag.language);
    case CodeProblem::WithdrawnLanguage: {
      const std::string language = ascii_lowered(tag.language);
      if (language == "sh") return "'sh' (Serbo-Croatian) is a withdrawn code; use 'sr', 'hr' or 'bs'";
      return quoted(language) + " is a withdrawn code; use " + quoted(replacement_for_withdrawn_language(language));
    }
    case CodeProblem::CountryAsLanguage: {
      std::string message = quoted(tag.language) + " is a country, not a language; the language comes first";
      const std::string language = likely_language_of_country(tag.language);
      if (!language.empty() && tag.script.empty() && tag.region.empty()) {
        message += " (" + quoted(language + "-" + ascii_uppered(tag.language)) + ")";
      }
      return message;
    }
    case CodeProblem::UnknownLanguage: return quoted(tag.language) + " is not an ISO 639-1 language code";
    case CodeProblem::UnknownScript: return quoted(tag.script) + " is not an ISO 15924 script code";
    case CodeProblem::NumericRegion:
      return "numeric UN M.49 regions are not supported; use " + quoted(ascii_lowered(tag.language)) +
             " alone, or one ISO 3166-1 country per alternate";
    case CodeProblem::UnknownRegion: return quoted(tag.region) + " is not an ISO 3166-1 country code";
    case CodeProblem::None: break;
  }
  return {};
}

class HreflangCodeUnknown final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kXhtmlNamespace, "link", links_showing(kLinkCodeUnusual));
  }

  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const std::optional<LinkCode> link = link_code(block, entry);
    const CodeProblem problem = link ? code_problem(link->tag) : CodeProblem::None;
    if (problem == CodeProblem::None) return;
    std::optional<Fix> fix;
    if (const std::string replacement = replaced_withdrawn(link->tag); !replacement.empty()) {
      fix = replace_code(*link, replacement);
    }
    const Span span = value_span(link->hreflang->value);
    out.report({.at = span,
                .message = "hreflang " + quoted(link->code) + ": " + problem_message(link->tag, problem),
                .fix = std::move(fix)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_code_unknown, kMeta, HreflangCodeUnknown)
