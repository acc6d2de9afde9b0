// SM704 nested-index: a <sitemapindex> inside another element.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A sitemap index nested inside another",
                         .docs = R"md(
## What it does
Reports a `<sitemapindex>` element below the root (an index written inside an index, or inside a
urlset), and, when an index's children are followed, a child that is itself an index; the
finding is on that child's `<loc>` and the nested index's own children are not followed.

## Why it matters
Indexes do not nest: search engines read one level of index and report "Nested sitemap indexes".
List every sitemap directly in one index, or submit several indexes.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap>
  <sitemapindex>
    <sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>
  </sitemapindex>
</sitemapindex>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap>
  <sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>
</sitemapindex>
```
)md",
                         .authorities = kSitemapXsd | kGoogle,
                         .search_console = "Nested sitemap indexes"};

class NestedIndex final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.elements(Subscriptions::kDocumentNamespace, "sitemapindex");
    s.set();
  }
  void on_element(const Element& e, FindingSink& out) override {
    if (e.depth < 2) return;
    out.report({.at = {e.offset, e.qualified_name.size() + 1},
                .message = "a <sitemapindex> nested inside <" + std::string(e.parent->qualified_name) +
                           ">: indexes do not nest; list its <sitemap> entries in the top-level index"});
  }

  // A child an index lists that is itself an index.
  void on_set(const SetView& set, SetSink& out) override {
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      for (const ChildLink& link : set.files[f].children) {
        if (link.outcome != ChildOutcome::Followed || link.file == kNoFile) continue;
        if (set.files[link.file].kind != DocumentKind::SitemapIndex || set.files[f].kind == DocumentKind::Robots)
          continue;
        // Each file alone is valid by the XSD; only Google's rule that indexes do not nest applies.
        out.report(
            f, {.at = {link.ref->offset, link.ref->length},
                .message = quoted(link.ref->url) + " is itself a sitemap index; indexes do not nest (Search Console: "
                                                   "\"Nested sitemap indexes\"), so its children are not followed",
                .rests_on = kGoogle,
                .subject = link.ref->url});
      }
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(nested_index, kMeta, NestedIndex)
