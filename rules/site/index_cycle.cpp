// SM802 index-cycle: an index lists itself.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A sitemap index lists itself",
                         .docs = R"md(
## What it does
While following a sitemap index, reports a child URL that is the index itself. Nothing is
followed twice: a sitemap that several entries (or several indexes) list, or that is also given
on the command line, is linted once. The same child listed twice in one index is
`duplicate-loc` (SM211), not a cycle.

## Why it matters
An index that lists itself loops forever in naive crawlers and is rejected by search engines.

## Example
```text
https://example.com/sitemap_index.xml lists https://example.com/sitemap_index.xml
```

## Use instead
```text
an index lists each of its sitemaps once, and never itself
```
)md",
                         .authorities = kSitemapsOrg | kGoogle};

class IndexCycle final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.set(); }

  void on_set(const SetView& set, SetSink& out) override {
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      for (const ChildLink& link : set.files[f].children) {
        if (link.outcome != ChildOutcome::Self) continue;
        out.report(f, {.at = {link.ref->offset, link.ref->length},
                       .message = quoted(link.ref->url) + " is this index itself; it is not followed again",
                       .subject = link.ref->url});
      }
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(index_cycle, kMeta, IndexCycle)
