// SM602 priority-out-of-range: a <priority> below 0.0 or above 1.0.
#include "rules/rule_support.h"
#include "analysis/xs_decimal.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <priority> is outside 0.0 to 1.0",
                         .docs = R"md(
## What it does
Reports a `<priority>` in a `<url>` that is a valid decimal but lies outside 0.0 to 1.0, such as
`1.5`, `-0.1`, `10` or `1.0000001`. The comparison is exact, digit by digit, so no rounding lets a
value slip through; `-0` and `1.000` are in range.

## Why it matters
The sitemap XSD restricts priority to `minInclusive 0.0` and `maxInclusive 1.0`, so schema
validators reject the file, and sitemaps.org defines priority only on that scale. Values like
`5` or `100` usually come from a CMS that uses its own scale: map it onto 0.0 to 1.0.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <priority>1.5</priority>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <priority>1.0</priority>
</url>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd};

class PriorityOutOfRange final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryPriorityUnusual); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind != EntryKind::Url || !entry.priority.present) return;
    const auto& parsed = entry.priority_parsed();
    if (!parsed) return;  // priority-invalid reports it
    static const XsDecimal kZero = *parse_xs_decimal("0");
    static const XsDecimal kOne = *parse_xs_decimal("1");
    const bool below = compare(*parsed, kZero) < 0;
    if (!below && compare(*parsed, kOne) <= 0) return;
    const Span span = value_span(entry.priority);
    out.report({.at = span,
                .message = "<priority> " + quoted(entry.priority.trimmed()) +
                           (below ? " is below 0.0" : " is above 1.0") + ": the sitemap XSD allows 0.0 to 1.0; use " +
                           (below ? "0.0 for the least" : "1.0 for the most") +
                           " important pages and rank the others between"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(priority_out_of_range, kMeta, PriorityOutOfRange)
