// SM109 entry-kind-mismatch: <url> in an index or <sitemap> in a urlset.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <url> in a sitemap index, or a <sitemap> in a urlset",
                         .docs = R"md(
## What it does
Reports `<url>` entries inside a `<sitemapindex>` and `<sitemap>` entries inside a `<urlset>`.

## Why it matters
An index lists sitemaps and a urlset lists pages; the two do not mix. Search engines skip the
entries of the wrong kind (or the whole file), so either pages or child sitemaps go unseen.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/sitemap-posts.xml</loc></sitemap>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/sitemap-posts.xml</loc></sitemap>
</sitemapindex>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd};

class EntryKindMismatch final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.elements(Subscriptions::kAnyNamespace, {}, kElementOffSchema); }
  void on_element(const Element& e, FindingSink& out) override {
    if (e.depth != 2 || !e.in_sitemap_ns) return;
    const std::string_view root = e.parent->local_name;
    if (e.local_name == "url" && root == "sitemapindex") {
      out.report({.at = {e.offset, e.qualified_name.size() + 1},
                  .message = "<url> in a <sitemapindex>: an index lists <sitemap> entries; put pages in a <urlset>"});
    } else if (e.local_name == "sitemap" && root == "urlset") {
      out.report(
          {.at = {e.offset, e.qualified_name.size() + 1},
           .message = "<sitemap> in a <urlset>: a urlset lists <url> entries; list sitemaps in a <sitemapindex>"});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(entry_kind_mismatch, kMeta, EntryKindMismatch)
