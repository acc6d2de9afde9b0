// SM601 priority-invalid: a <priority> that is not an xs:decimal.
#include <algorithm>

#include "rules/rule_support.h"
#include "analysis/xs_decimal.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <priority> is not a decimal number",
                         .docs = R"md(
## What it does
Reports a `<priority>` in a `<url>` whose value (after trimming white space) is not an
`xs:decimal`, the type the sitemap XSD gives it: an optional sign, digits, and an optional
decimal point, as in `0.5`, `1`, `.8`, `1.` or `0.125`. Words (`high`), a decimal comma (`0,5`;
the finding carries a fix that writes `0.5`), exponents (`1e-1`), percentages and an empty element
are all errors. Decimals outside 0.0 to 1.0 are `priority-out-of-range` (SM602).

`<priority>` inside a `<sitemap>` entry is not allowed at all; another rule reports that.

## Why it matters
Schema validators reject the file, and crawlers that read priority cannot use the value. (Google
ignores `<priority>`; if nothing else reads it, removing it is a fine fix.)

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <priority>0,8</priority>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <priority>0.8</priority>
</url>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd};

bool looks_like_exponent(std::string_view value) {
  const auto e = value.find_first_of("eE");
  return e != std::string_view::npos && e > 0 && parse_xs_decimal(value.substr(0, e)) &&
         parse_xs_decimal(value.substr(e + 1)) && value.find('.', e) == std::string_view::npos;
}

class PriorityInvalid final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryPriorityUnusual); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind != EntryKind::Url || !entry.priority.present) return;
    const std::string_view value = entry.priority.trimmed();
    if (!value.empty() && entry.priority_parsed()) return;
    const Span span = value_span(entry.priority);
    const std::string what = "<priority> " + quoted(value);
    if (value.empty()) {
      out.report({.at = span,
                  .message = "<priority> is empty: write a decimal from 0.0 to 1.0, e.g. 0.5, or remove the element "
                             "(Google ignores it)"});
      return;
    }
    std::string with_point(value);
    std::replace(with_point.begin(), with_point.end(), ',', '.');
    if (with_point != value && parse_xs_decimal(with_point)) {
      std::optional<Fix> fix;
      if (entry.priority.exact) fix = Fix{span.offset, span.length, with_point, "replace with " + quoted(with_point)};
      out.report({.at = span,
                  .message = what + " uses a decimal comma: the sitemap XSD's xs:decimal needs a point; write " +
                             quoted(with_point),
                  .fix = std::move(fix)});
      return;
    }
    if (looks_like_exponent(value)) {
      out.report({.at = span,
                  .message = what + " uses exponent notation, which xs:decimal does not allow: write the plain "
                                    "decimal, between 0.0 and 1.0, e.g. 0.5"});
      return;
    }
    out.report({.at = span,
                .message = what + " is not a decimal number: the sitemap XSD requires an xs:decimal from 0.0 to 1.0, "
                                  "such as 0.5 (higher means more important relative to the site's other pages)"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(priority_invalid, kMeta, PriorityInvalid)
