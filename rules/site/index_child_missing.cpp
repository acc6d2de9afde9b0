// SM801 index-child-missing: a sitemap an index lists is not where the index says it is.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A sitemap listed in an index is missing on disk",
                         .docs = R"md(
## What it does
When sitemaplint follows a sitemap index on disk (an index with `--base-url`, optionally
`--root`), it maps each child's URL to a file: a URL under the index's folder to the same relative
path under the index file's directory, or with `--root DIR` the URL's path under `DIR`. A child
whose file does not exist is reported at its `<loc>`. Over HTTP, a child that cannot be fetched
is reported by `http-status` in the child's own report, or makes the run exit 2.

## Why it matters
Search engines fetch every child an index lists; a missing one is a sitemap they cannot read
("Couldn't fetch"), usually because the build stopped writing it, renamed it, or compressed it
under another name (`sitemap-2.xml` listed, `sitemap-2.xml.gz` written).

## Example
```text
sitemap_index.xml lists https://example.com/sitemap-2.xml; public/sitemap-2.xml does not exist
```

## Use instead
```text
list only the sitemaps the build writes, with the names it writes them under
```
)md",
                         .authorities = kSitemapsOrg | kGoogle};

class IndexChildMissing final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.set(); }

  void on_set(const SetView& set, SetSink& out) override {
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      for (const ChildLink& link : set.files[f].children) {
        if (link.outcome != ChildOutcome::Missing) continue;
        out.report(f,
                   {.at = {link.ref->offset, link.ref->length},
                    .message = "the index lists " + quoted(link.ref->url) + ", but " + link.detail + " does not exist",
                    .subject = link.ref->url});
      }
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(index_child_missing, kMeta, IndexChildMissing)
