// SM802 index-cycle: an index lists itself, or a sitemap already listed in this run.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleInfo kInfo{"SM802", "index-cycle", Severity::Error,
                         "A sitemap index lists itself or a sitemap already listed", R"md(
## What it does
While following a sitemap index, reports a child URL that is the index itself or a sitemap the
run has already reached through another entry. Nothing is followed twice.

## Why it matters
An index that lists itself loops forever in naive crawlers and is rejected by search engines; a
sitemap listed twice is fetched twice and its URLs counted twice against the site's limits.

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

SITEMAPLINT_DEFINE_RULE(index_cycle, kInfo, IndexCycle)
