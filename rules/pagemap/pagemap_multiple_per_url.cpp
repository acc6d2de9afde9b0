// PMAP105 pagemap-multiple-per-url: a <url> with more than one <PageMap>.
#include <optional>

#include "rules/pagemap/utils/pagemap_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <url> has more than one <PageMap>",
                         .docs = R"md(
## What it does
Reports every `<PageMap>` after the first in one `<url>`, and points at the first.

## Why it matters
Google's documentation says the PageMap "encloses all PageMap information for the relevant URL":
one per page, holding as many DataObjects as the page needs. A second `<PageMap>` in the same
`<url>` usually comes from two generators (or two templates) writing for one page, and which of
them a reader keeps is not documented.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/guides/knots</loc>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="document">
        <Attribute name="title">Three knots for sailors</Attribute>
      </DataObject>
    </PageMap>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="thumbnail">
        <Attribute name="src" value="https://example.com/thumbs/knots.jpg"/>
      </DataObject>
    </PageMap>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/guides/knots</loc>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="document">
        <Attribute name="title">Three knots for sailors</Attribute>
      </DataObject>
      <DataObject type="thumbnail">
        <Attribute name="src" value="https://example.com/thumbs/knots.jpg"/>
      </DataObject>
    </PageMap>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

class PageMapMultiplePerUrl final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kPageMapNamespace, kPageMapElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (!is_page_block(kPageMapFamily, block, entry)) return;
    const ExtensionNode& pagemap = block.root();
    if (!first_ || entry.index != entry_index_) {
      first_ = pagemap.offset;
      entry_index_ = entry.index;
      return;
    }
    out.report({.at = {pagemap.offset, tag_length(pagemap)},
                .message = "this <url> already has a <" + std::string(pagemap.qualified_name) +
                           ">; put all of the page's DataObjects in one",
                .related = RelatedLocation{*first_, "the first <" + std::string(pagemap.qualified_name) + ">"}});
  }

 private:
  std::optional<std::size_t> first_;  // offset of the current <url>'s first <PageMap>
  std::size_t entry_index_ = 0;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(pagemap_multiple_per_url, kMeta, PageMapMultiplePerUrl)
