// SM501 changefreq-invalid: a <changefreq> that is not one of the seven values.
#include <algorithm>
#include <array>
#include <vector>

#include "analysis/edit_distance.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <changefreq> is not one of the seven allowed values",
                         .docs = R"md(
## What it does
Reports a `<changefreq>` in a `<url>` whose value (after trimming white space) is not exactly one
of `always`, `hourly`, `daily`, `weekly`, `monthly`, `yearly` or `never`, and an empty one. The
sitemap XSD's enumeration is case-sensitive: `Daily` is wrong, and the finding carries a fix that
writes it in lower case. A near miss such as `dayly` or `weekely` gets a "did you mean" hint.

`<changefreq>` inside a `<sitemap>` entry is not allowed at all; another rule reports that.

## Why it matters
Schema validators reject the whole file on a value outside the enumeration, and crawlers that do
read changefreq drop values they do not know. (Google ignores `<changefreq>` entirely, so for
Google alone the element is dead weight: if you cannot keep it right, remove it.)

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <changefreq>Daily</changefreq>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <changefreq>daily</changefreq>
</url>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd};

class ChangefreqInvalid final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryChangefreqUnusual); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind != EntryKind::Url || !entry.changefreq.present) return;
    const std::string_view value = entry.changefreq.trimmed();
    if (std::find(kChangefreqValues.begin(), kChangefreqValues.end(), value) != kChangefreqValues.end()) return;
    const Span span = value_span(entry.changefreq);
    const std::string choices = "always, hourly, daily, weekly, monthly, yearly or never";
    if (value.empty()) {
      out.report({.at = span,
                  .message = "<changefreq> is empty: write one of " + choices +
                             ", or remove the element (Google ignores it)"});
      return;
    }
    std::string folded(value);
    std::transform(folded.begin(), folded.end(), folded.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    if (std::find(kChangefreqValues.begin(), kChangefreqValues.end(), folded) != kChangefreqValues.end()) {
      std::optional<Fix> fix;
      if (entry.changefreq.exact) fix = Fix{span.offset, span.length, folded, "replace with " + quoted(folded)};
      out.report({.at = span,
                  .message = "<changefreq> " + quoted(value) +
                             " must be lower case: the sitemap XSD's enumeration is case-sensitive; write " +
                             quoted(folded),
                  .fix = std::move(fix)});
      return;
    }
    std::string message = "<changefreq> " + quoted(value) + " is not a valid value: the sitemap XSD allows " + choices;
    std::string_view best;
    std::size_t best_distance = 3;  // suggest only near misses: at most two edits
    for (std::string_view candidate : kChangefreqValues) {
      const std::size_t d = edit_distance(value, candidate);
      if (d < best_distance && 2 * d < candidate.size()) {
        best_distance = d;
        best = candidate;
      }
    }
    if (!best.empty()) message += "; did you mean " + quoted(best) + "?";
    out.report({.at = span, .message = std::move(message)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(changefreq_invalid, kMeta, ChangefreqInvalid)
