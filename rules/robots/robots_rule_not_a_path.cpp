// ROBOTS104 robots-rule-not-a-path: an allow or disallow value that does not start with '/' or '*'.
#include "analysis/robots_match.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An Allow or Disallow value that is not a path starting with '/' or '*'",
                         .docs = R"md(
## What it does
Reports an `Allow` or `Disallow` rule whose value does not start with `/` (or a `*` wildcard),
such as `Disallow: private/` or a whole URL, `Disallow: https://example.com/private/`, and says
how to write it. An empty value (`Disallow:`) is fine: it allows everything.

## Why it matters
A rule is matched against the path of a URL from its first character, and every path starts with
`/`, so `private/` matches nothing (RFC 9309 section 2.2.2 and Google's documentation: the value
is a path relative to the site's root). The rule silently blocks (or allows) nothing.

## Example
```robots
User-agent: *
Disallow: private/
```

## Use instead
```robots
User-agent: *
Disallow: /private/
```
)md",
                         .authorities = kRfc9309 | kGoogle};

bool is_url(std::string_view value) {
  const std::size_t colon = value.find("://");
  return colon != std::string_view::npos && colon > 0 && value.find_first_of("/?#") == colon + 1;
}

class RobotsRuleNotAPath final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots) return;
    for (const RobotsLine& line : doc.robots->lines) {
      // A rule in no group is robots-rule-outside-group's; it matches nothing either way.
      if ((line.field != RobotsField::Allow && line.field != RobotsField::Disallow) || !line.in_group) continue;
      const std::string_view value = line.value(doc.bytes);
      if (value.empty() || value.starts_with('/') || value.starts_with('*')) continue;
      const std::string name(line.name(doc.bytes));
      const std::string path = is_url(value) ? robots_target(value) : "/" + std::string(value);
      const std::string why = is_url(value) ? "a rule takes a path, not a URL" : "a rule's path starts with '/'";
      out.report({.at = {line.value_offset, line.value_length},
                  .message = quoted(name + ": " + std::string(value)) + " matches no URL: " + why + "; write " +
                             quoted(name + ": " + path)});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_rule_not_a_path, kMeta, RobotsRuleNotAPath)
