// ROBOTS107 robots-too-large: a robots.txt over the 500 KiB that Google reads.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The robots.txt is larger than the 500 KiB Google reads",
                         .docs = R"md(
## What it does
Reports a robots.txt larger than 512,000 bytes (500 KiB), at the first byte past that limit.

## Why it matters
Google reads the first 500 KiB of a robots.txt and ignores the rest (RFC 9309 section 2.5 lets
crawlers stop there too): rules and `Sitemap:` lines past the limit do not exist for it, and a
rule cut in two at the limit may block less (or more) than it says. sitemaplint reads the file as
Google does, so sitemaps named past the limit are not followed either. A robots.txt that large
usually lists URLs one by one where a few patterns with `*` would do.

## Example
```text
a robots.txt of 600,000 bytes, with Disallow rules for thousands of single URLs
```

## Use instead
```text
a robots.txt under 500 KiB: group URLs under path prefixes and '*' patterns
```
)md",
                         .authorities = kGoogle | kRfc9309};

// 612345 -> "612,345".
std::string with_thousands(std::size_t n) {
  std::string digits = std::to_string(n);
  for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
  return digits;
}

class RobotsTooLarge final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.robots || !doc.robots->truncated()) return;
    out.report({.at = {kRobotsTxtReadLimit, 0},
                .message = "the robots.txt is " + with_thousands(doc.robots->size) +
                           " bytes; Google reads only the first " + with_thousands(kRobotsTxtReadLimit) +
                           " (500 KiB) and ignores everything from here on, rules and Sitemap: lines alike"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(robots_too_large, kMeta, RobotsTooLarge)
