// PMAP107 pagemap-empty: a <PageMap> without a <DataObject>, or a <DataObject> without an <Attribute>.
#include <string>

#include "rules/pagemap/utils/pagemap_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <PageMap> holds no <DataObject>, or a <DataObject> no <Attribute>",
                         .docs = R"md(
## What it does
Reports, on the start tag, a `<PageMap>` in a `<url>` that holds no `<DataObject>`, and a
`<DataObject>` in it that holds no `<Attribute>`.

## Why it matters
Google's PageMap documentation: "Each element (for example, an action) that you want to add to a
snippet is a DataObject. Each DataObject has a number of attributes, such as a label or URL", and
its tag definitions for sitemaps say each DataObject "contains one or more attributes". An empty
PageMap or DataObject tells Programmable Search Engine nothing; it is usually a template whose
values were missing when the sitemap was written.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/guides/knots</loc>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject type="thumbnail"/>
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
      <DataObject type="thumbnail">
        <Attribute name="src" value="https://example.com/thumbs/knots.jpg"/>
      </DataObject>
    </PageMap>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

// Whether nodes[i] has a child of the PageMap namespace named `name`.
bool has_child(const ExtensionBlock& block, std::size_t i, std::string_view name) {
  return child_of(block, i, kPageMapNamespace, name) != nullptr;
}

class PageMapEmpty final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kPageMapNamespace, kPageMapElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (!is_page_block(kPageMapFamily, block, entry)) return;
    const ExtensionNode& pagemap = block.root();
    if (!has_child(block, 0, "DataObject")) {
      out.report({.at = tag_span(pagemap),
                  .message = tag(pagemap) + " holds no " + element_name(block, "DataObject") +
                             "; add the page's data, or leave the PageMap out"});
    }
    for_each_child_named(kPageMapFamily, block, "DataObject", [&](const ExtensionNode& object) {
      if (has_child(block, node_index(block, object), "Attribute")) return;
      out.report({.at = tag_span(object),
                  .message = tag(object) + " holds no " + element_name(block, "Attribute") +
                             "; give it its attributes, or leave it out"});
    });
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(pagemap_empty, kMeta, PageMapEmpty)
