// SM804 stale-index-lastmod: an index entry's <lastmod> is older than the child's own content.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                        .summary = "An index entry's lastmod is older than the newest lastmod in that sitemap",
                        .docs = R"md(
## What it does
While following a sitemap index, compares each `<sitemap>` entry's `<lastmod>` with the newest
`<lastmod>` of the URLs inside that child sitemap, and reports the entry when it is older.

## Why it matters
Google uses an index entry's `<lastmod>` to decide whether to fetch the child again. An index
whose dates lag behind its children's content hides those changes from crawlers until something
else triggers a fetch. The cause is usually an index written before the children, or cached.

## Example
```text
sitemap_index.xml: <lastmod>2024-01-01</lastmod> for sitemap-posts.xml,
which lists a URL with <lastmod>2024-03-15</lastmod>
```

## Use instead
```text
sitemap_index.xml: <lastmod>2024-03-15</lastmod> (the newest change inside the child)
```
)md"};

// The check runs in src/site.cpp, which sees the index and its children together.
class StaleIndexLastmod final : public Rule {
 public:
  unsigned hooks() const override { return 0; }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(stale_index_lastmod, kMeta, StaleIndexLastmod)
