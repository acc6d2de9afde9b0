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

It also says when a robots.txt names more sitemaps than one run follows from it (1,000: real
ones name a handful, and a hostile one with 100,000 lines must not keep a run fetching for
minutes).

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
)md",
                         .authorities = kAdvice};

class IndexNotFollowed final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.set(); }

  // Once per file: how many of its children could not be mapped to files.
  void on_set(const SetView& set, SetSink& out) override {
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      const SetFile& file = set.files[f];
      const bool robots = file.kind == DocumentKind::Robots;
      std::size_t unmapped = 0, elsewhere = 0, over = 0;
      const ChildLink* first = nullptr;
      const ChildLink* first_over = nullptr;
      for (const ChildLink& link : file.children) {
        if (link.outcome == ChildOutcome::OverLimit) {
          if (over++ == 0) first_over = &link;
          continue;
        }
        // An index's child on another site is loc-out-of-scope's business; a local robots.txt may
        // name one, but a URL a local file names is never fetched.
        const bool counts =
            link.outcome == ChildOutcome::NotMapped || (robots && link.outcome == ChildOutcome::OtherSite);
        if (!counts) continue;
        (link.outcome == ChildOutcome::NotMapped ? unmapped : elsewhere) += 1;
        if (!first) first = &link;
      }
      if (first_over) {
        out.report(f, {.at = {first_over->ref->offset, first_over->ref->length},
                       .message = counted(over, "more sitemap") + (over == 1 ? " is" : " are") +
                                  " not followed: one robots.txt " + "leads to at most " +
                                  std::to_string(kMaxRobotsSitemaps) + " sitemaps in a run"});
      }
      if (!first) continue;
      const std::size_t n = unmapped + elsewhere;
      std::string message =
          counted(n, robots ? "sitemap" : "child sitemap") + (n == 1 ? " is" : " are") + " not checked: ";
      message += unmapped > 0
                     ? "give --base-url (where this file is served) so that URLs can be mapped to files"
                     : std::string(n == 1 ? "it is" : "they are") +
                           " on another site than --base-url, and sitemaplint fetches no URL a local file names";
      if (!robots) message += "; add --root if the site's files are not beside the index";
      out.report(f, {.at = {first->ref->offset, first->ref->length}, .message = std::move(message)});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(index_not_followed, kMeta, IndexNotFollowed)
