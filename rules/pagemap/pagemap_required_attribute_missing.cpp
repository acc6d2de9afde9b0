// PMAP106 pagemap-required-attribute-missing: a <DataObject> without its type, an <Attribute>
// without its name (or a <Template> without its src).
#include <string>
#include <string_view>

#include "rules/pagemap/utils/pagemap_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <DataObject> has no type, or an <Attribute> no name",
                         .docs = R"md(
## What it does
Reports, on the element's start tag, a `<DataObject>` without a `type` attribute, an
`<Attribute>` without a `name` attribute, and a `<Template>` without a `src` attribute, or with
one that is empty (only white space).

## Why it matters
The tag definitions Google published for PageMaps in sitemaps list `<PageMap>`,
`<DataObject type>` and `<Attribute name>` and say "All of the following tags are required".
Programmable Search Engine tells DataObjects apart by their type ("You can create any type of
DataObject you like, but Programmable Search Engine recognizes the DataObjects listed in the
following table": `thumbnail`, `action`, `publication`) and reads an attribute by its name
(`src`, `label`, `url` ...): without them the data cannot be looked up, or rendered, at all.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/guides/knots</loc>
    <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0">
      <DataObject>
        <Attribute name="title">Three knots for sailors</Attribute>
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
    </PageMap>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

// What the attribute names, for the message: "a <DataObject> has no type; ..."
std::string_view purpose(std::string_view attribute) {
  if (attribute == "type") return "name the kind of object it describes, such as type=\"document\" or \"thumbnail\"";
  if (attribute == "name") return "name the attribute it holds, such as name=\"title\"";
  return "give the URL of the template";
}

class PageMapRequiredAttributeMissing final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kPageMapNamespace, kPageMapElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (!is_page_block(kPageMapFamily, block, entry)) return;
    for (std::size_t i = 1; i < block.nodes.size(); ++i) {
      const ElementSpec* spec = spec_of(kPageMapFamily, block, i);
      if (!spec) continue;  // unknown, or out of its place: pagemap-unknown-element's
      const ExtensionNode& node = block.nodes[i];
      for (const AttributeSpec& required : spec->attributes) {
        if (!required.required) continue;
        const Attribute* a = node.attribute(required.name);
        if (a && !a->value.trimmed().empty()) continue;
        out.report({.at = tag_span(node),
                    .message = tag(node) + (a ? " has an empty " : " has no ") + std::string(required.name) + "; " +
                               std::string(purpose(required.name))});
      }
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(pagemap_required_attribute_missing, kMeta, PageMapRequiredAttributeMissing)
