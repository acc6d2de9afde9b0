// SM803 duplicate-across-sitemaps: the same URL in two sitemaps of one set.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                        .summary = "The same URL is listed in two sitemaps of one set",
                        .docs = R"md(
## What it does
When several sitemaps are linted together (an index and its children, a directory, several
files), reports each `<loc>` that another sitemap of the set already lists, with the place of the
first listing. URLs are compared exactly after trimming and entity decoding; only a 64-bit hash
of each is kept, so a set of millions of URLs stays small in memory. Repeats within one file are
`duplicate-loc`'s.

## Why it matters
A URL listed in two sitemaps gets two, possibly different, `<lastmod>` values, and search engines
pick one. It usually means two generators (a plugin and a custom script, say) both cover the same
pages.

## Example
```text
sitemap-posts.xml and sitemap-pages.xml both list https://example.com/about
```

## Use instead
```text
each URL in exactly one sitemap of the set
```
)md"};

// The check runs in src/site.cpp, which sees the whole set of files.
class DuplicateAcrossSitemaps final : public Rule {
 public:
  unsigned hooks() const override { return 0; }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(duplicate_across_sitemaps, kMeta, DuplicateAcrossSitemaps)
