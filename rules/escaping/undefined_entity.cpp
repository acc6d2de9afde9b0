// SM302 undefined-entity: an entity reference XML does not define, or a bad character reference.
#include "rules/rule_support.h"

#include "analysis/xml_text.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "An entity reference that XML does not define, such as &nbsp;",
                         .docs = R"md(
## What it does
Reports references to entities other than XML's five (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`),
typically HTML names like `&nbsp;`, `&copy;` or `&eacute;`, and character references to
characters XML forbids (`&#0;`, `&#xD800;`). For common HTML names the fix writes the numeric
character reference. sitemaplint never expands entities a DOCTYPE declares.

## Why it matters
Sitemaps have no DTD, so an undefined entity is a fatal well-formedness error: parsers reject the
whole file.

## Example
```xml
<url><loc>https://example.com/caf&eacute;</loc></url>
```

## Use instead
```xml
<url><loc>https://example.com/caf%C3%A9</loc></url>
```
)md",
                         .authorities = kXml | kSitemapsOrg | kGoogle,
                         .search_console = "Parsing error"};

std::optional<std::uint32_t> html_entity(std::string_view name) {
  static constexpr struct {
    std::string_view name;
    std::uint32_t cp;
  } kHtml[] = {{"nbsp", 160},   {"copy", 169},   {"reg", 174},    {"trade", 8482}, {"hellip", 8230},
               {"ndash", 8211}, {"mdash", 8212}, {"lsquo", 8216}, {"rsquo", 8217}, {"ldquo", 8220},
               {"rdquo", 8221}, {"euro", 8364},  {"eacute", 233}, {"egrave", 232}, {"agrave", 224},
               {"uuml", 252},   {"ouml", 246},   {"auml", 228},   {"szlig", 223},  {"ccedil", 231}};
  for (const auto& e : kHtml) {
    if (e.name == name) return e.cp;
  }
  return std::nullopt;
}

class UndefinedEntity final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.text_holding(kFaultyReference); }
  void on_text(const TextRun& run, FindingSink& out) override {
    for (std::size_t at = run.first_ampersand; at != std::string_view::npos; at = run.raw.find('&', at + 1)) {
      const Reference ref = read_reference(run.raw.substr(at));
      const std::string_view written = run.raw.substr(at, ref.length);
      if (ref.kind == ReferenceKind::BadCharacter) {
        out.report({.at = {run.offset + at, ref.length},
                    .message = quoted(written) + " refers to a character that XML does not allow"});
      } else if (ref.kind == ReferenceKind::Undefined) {
        std::optional<Fix> fix;
        if (const auto cp = html_entity(ref.name)) {
          const std::string numeric = "&#" + std::to_string(*cp) + ";";
          fix = Fix{run.offset + at, ref.length, numeric, "replace with '" + numeric + "'"};
        }
        out.report({.at = {run.offset + at, ref.length},
                    .message = "entity " + quoted(written) +
                               " is not one of XML's five predefined entities, and sitemaps have no DTD to define "
                               "others; write the character itself or a numeric reference",
                    .fix = std::move(fix)});
      }
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(undefined_entity, kMeta, UndefinedEntity)
