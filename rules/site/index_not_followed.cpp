// SM805 index-not-followed: an index's children (or a robots.txt's sitemaps) are not checked,
// because sitemaplint cannot tell where their files are.
#include "rules/rule_support.h"

namespace sitemaplint {

namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                        .summary = "An index's children are not checked: where they are is unknown",
                        .docs = R"md(
## What it does
Says once per file when the children of a sitemap index read from disk (or the sitemaps a local
robots.txt names) are not checked, because their URLs cannot be mapped to files:

- no `--base-url` (or `base-url` in `sitemaplint.toml`) says where the index is served, so
  sitemaplint cannot tell which of its URLs belong to this site;
- or a child is on another site than `--base-url`: sitemaplint never reads a URL that a local
  file names, and never fetches one.

An index fetched over HTTP needs neither: its children are fetched from its own site.

## Why it matters
Without this note a clean run looks as if every child had been checked, when only the index was.

## Example
```sh
sitemaplint public/sitemap_index.xml
```

## Use instead
```sh
sitemaplint --base-url https://example.com/sitemap_index.xml public/sitemap_index.xml
sitemaplint --base-url https://example.com/sitemap_index.xml --root public public/maps/index.xml
```
)md"};

// The check runs in src/site.cpp, which sees the whole set of files.
class IndexNotFollowed final : public Rule {
 public:
  unsigned hooks() const override { return 0; }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(index_not_followed, kMeta, IndexNotFollowed)
