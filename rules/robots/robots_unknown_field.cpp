// ROBOTS102 robots-unknown-field: a robots.txt field that no crawler defines, often a misspelling.
#include <algorithm>
#include <array>
#include <cctype>

#include "analysis/edit_distance.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A robots.txt field that no crawler defines, such as 'Dissallow'",
                         .docs = R"md(
## What it does
Reports a `field: value` line whose field is none of RFC 9309's (`user-agent`, `allow`,
`disallow`), the sitemaps protocol's `sitemap`, or an extension that some crawlers or sites use
(`crawl-delay`, `host`, `clean-param`, `request-rate`, `visit-time`, `noindex`, `nofollow`,
`content-signal`), and suggests the field it probably means (`Dissallow` is `Disallow`,
`User agent` is `User-agent`). Field names are matched without regard to case.

## Why it matters
Crawlers ignore records they do not know, so a misspelled `Disallow` blocks nothing and a
misspelled `User-agent` leaves its rules in the group above. Google's documentation says such
typos are not supported, even if its parser forgives a few of them; other crawlers forgive none.

## Example
```robots
User-agent: *
Dissallow: /private/
```

## Use instead
```robots
User-agent: *
Disallow: /private/
```
)md",
                         .authorities = kRfc9309 | kGoogle};

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// Extensions that some crawlers or sites use (robots-unsupported-field speaks of those Google
// ignores): not unknown, whatever Googlebot makes of them.
constexpr std::array<std::string_view, 8> kExtensionFields = {
    "crawl-delay", "host", "clean-param", "request-rate", "visit-time", "noindex", "nofollow", "content-signal"};

// What a near miss probably means, as it is usually written.
constexpr std::array<std::string_view, 5> kSuggestions = {"User-agent", "Allow", "Disallow", "Sitemap", "Crawl-delay"};

// The field `name` is probably a misspelling of: at most two edits, and at most a third of it.
std::string_view suggestion_for(std::string_view name) {
  std::string_view best;
  std::size_t best_distance = 3;
  for (const std::string_view candidate : kSuggestions) {
    const std::size_t d = edit_distance(name, candidate);
    if (d < best_distance && d * 3 <= candidate.size()) {
      best = candidate;
      best_distance = d;
    }
  }
  return best;
}

class RobotsUnknownField final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots) return;
    for (const RobotsLine& line : doc.robots->lines) {
      if (line.field != RobotsField::Other) continue;
      const std::string_view name = line.name(doc.bytes);
      const bool known = std::any_of(kExtensionFields.begin(), kExtensionFields.end(),
                                     [&](std::string_view field) { return equals_ignoring_case(name, field); });
      if (known) continue;
      out.report({.at = {line.field_offset, line.field_length},
                  .message = "unknown field " + quoted(name) + ", which crawlers ignore" +
                             did_you_mean(suggestion_for(name))});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_unknown_field, kMeta, RobotsUnknownField)
