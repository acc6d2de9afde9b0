// ROBOTS103 robots-rule-outside-group: an allow or disallow rule above every user-agent line.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An Allow or Disallow rule that comes before any User-agent line",
                         .docs = R"md(
## What it does
Reports `Allow` and `Disallow` rules written before the first `User-agent` line of the
robots.txt, where they belong to no group.

## Why it matters
RFC 9309 groups rules under the `User-agent` lines above them; a rule in no group applies to no
crawler, and Google's parser skips it too. The file looks as if it blocks something and blocks
nothing.

## Example
```robots
Disallow: /private/
User-agent: *
Disallow: /tmp/
```

## Use instead
```robots
User-agent: *
Disallow: /private/
Disallow: /tmp/
```
)md",
                         .authorities = kRfc9309 | kGoogle};

class RobotsRuleOutsideGroup final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots) return;
    for (const RobotsLine& line : doc.robots->lines) {
      if ((line.field != RobotsField::Allow && line.field != RobotsField::Disallow) || line.in_group) continue;
      out.report({.at = {line.content_offset, line.content_length},
                  .message = quoted(line.content(doc.bytes)) +
                             " comes before any User-agent line, so it belongs to no group "
                             "and no crawler obeys it; put it under a 'User-agent:' line"});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_rule_outside_group, kMeta, RobotsRuleOutsideGroup)
