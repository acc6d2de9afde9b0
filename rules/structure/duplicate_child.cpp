// SM105 duplicate-child: a <url> or <sitemap> with the same field twice.
#include <array>

#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An entry has the same child element twice",
                         .docs = R"md(
## What it does
Reports a second `<loc>`, `<lastmod>`, `<changefreq>` or `<priority>` in one `<url>` (or a second
`<loc>`/`<lastmod>` in one `<sitemap>`). The first one is the one sitemaplint checks.

## Why it matters
The schema allows each at most once. Consumers disagree on which copy wins, and two `<loc>`s in
one `<url>` usually mean a closing `</url>` and opening `<url>` were lost, so a page is missing.

## Example
```xml
<url>
  <loc>https://example.com/a</loc>
  <loc>https://example.com/b</loc>
</url>
```

## Use instead
```xml
<url><loc>https://example.com/a</loc></url>
<url><loc>https://example.com/b</loc></url>
```
)md",
                         .authorities = kSitemapXsd | kGoogle,
                         .search_console = "Invalid XML: too many tags"};

class DuplicateChild final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryRepeatsField); }
  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind == EntryKind::Other || entry.in_feed) return;  // a feed has its own schema
    std::array<std::optional<std::size_t>, 4> first{};
    for (const Child& child : entry.children) {
      if (!child.in_sitemap_ns || child.id == FieldId::Unknown) continue;
      auto& seen = first[static_cast<std::size_t>(child.id)];
      if (!seen) {
        seen = child.offset;
        continue;
      }
      out.report({.at = {child.offset, child.qualified_name.size() + 1},
                  .message = "<" + std::string(entry.element->local_name) + "> has a second <" +
                             std::string(child.local_name) + ">; only one is allowed and the first is used",
                  .related = RelatedLocation{*seen, "the first <" + std::string(child.local_name) + ">"}});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(duplicate_child, kMeta, DuplicateChild)
