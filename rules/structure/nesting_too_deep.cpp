// SM112 nesting-too-deep: elements nested beyond the depth sitemaplint inspects.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "Elements are nested too deeply to be checked",
                         .docs = R"md(
## What it does
Reports the first element nested more than 64 levels deep. Nothing below that depth is checked.
Real sitemaps are at most six levels deep (`urlset` > `url` > `video:video` > ...).

## Why it matters
Such nesting is either a generator gone wrong or hostile input meant to exhaust a parser's stack.
Crawlers have depth limits too and may reject the file.

## Example
```text
<urlset><url><a><a><a> ... 70 levels ... </a></a></a></url></urlset>
```

## Use instead
```text
<urlset><url><loc>https://example.com/</loc></url></urlset>
```
)md",
                         .authorities = kAdvice};

class NestingTooDeep final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.finish(); }
  void on_finish(const Document& doc, FindingSink& out) override {
    if (!doc.nesting_limit_offset) return;
    out.report({.at = {*doc.nesting_limit_offset, 1},
                .message = "elements are nested more than " + std::to_string(kMaxInspectedDepth) +
                           " levels deep; nothing below this point is checked"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(nesting_too_deep, kMeta, NestingTooDeep)
