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
)md"};

// The check runs in src/site.cpp, which sees the whole set of files.
class IndexCycle final : public Rule {
 public:
  unsigned hooks() const override { return 0; }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(index_cycle, kMeta, IndexCycle)
