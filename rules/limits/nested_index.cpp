// SM704 nested-index: a <sitemapindex> inside another element.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                        .summary = "A sitemap index nested inside another",
                        .docs = R"md(
## What it does
Reports a `<sitemapindex>` element below the root: an index written inside an index (or inside a
urlset). Following an index's children to find indexes among them is part of whole-site linting.

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
)md"};

class NestedIndex final : public Rule {
 public:
  unsigned hooks() const override { return kOnElement; }
  void on_element(const Element& e, FindingSink& out) override {
    if (e.depth < 2 || !e.in_sitemap_ns || e.local_name != "sitemapindex") return;
    out.report(e.offset, e.qualified_name.size() + 1,
               "a <sitemapindex> nested inside <" + std::string(e.parent->qualified_name) +
                   ">: indexes do not nest; list its <sitemap> entries in the top-level index");
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(nested_index, kMeta, NestedIndex)
