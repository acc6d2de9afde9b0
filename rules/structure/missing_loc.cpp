// SM107 missing-loc: a <url> or <sitemap> without <loc>.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <url> or <sitemap> entry has no <loc>",
                         .docs = R"md(
## What it does
Reports a `<url>` or `<sitemap>` entry without a `<loc>` child, including one that holds the URL as
bare text (`<sitemap>https://example.com/a.xml</sitemap>`). In an RSS or Atom feed, an item or
entry without a link is not reported: feed items may be text only, and search engines skip them.

## Why it matters
`<loc>` is the only required field: an entry without it names no page, and Search Console reports
"Missing XML tag".

## Example
```xml
<url>
  <lastmod>2024-05-01</lastmod>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2024-05-01</lastmod>
</url>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd | kGoogle,
                         .search_console = "Missing XML tag"};

class MissingLoc final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryLacksLoc); }
  void on_entry(const Entry& entry, FindingSink& out) override {
    // A feed item may be text only, and search engines skip it: nothing to report.
    if (entry.kind == EntryKind::Other || entry.in_feed || entry.loc.present) return;
    const Element& e = *entry.element;
    out.report({.at = {e.offset, e.qualified_name.size() + 1},
                .message = "<" + std::string(e.local_name) + "> has no <loc>; every entry needs one"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(missing_loc, kMeta, MissingLoc)
