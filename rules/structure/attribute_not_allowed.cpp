// SM114 attribute-not-allowed: an attribute on a sitemaps.org element, which the XSD allows none.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Always,
                         .summary = "An attribute on a sitemap element, where the schema allows none",
                         .docs = R"md(
## What it does
Reports an attribute on `<urlset>`, `<sitemapindex>`, `<url>`, `<sitemap>`, `<loc>`, `<lastmod>`,
`<changefreq>` or `<priority>`, such as `xml:lang`, `id` or `class`. Namespace declarations
(`xmlns`, `xmlns:image`) and the XML Schema instance attributes (`xsi:schemaLocation`,
`xsi:noNamespaceSchemaLocation`, `xsi:type`) are allowed. The fix removes the attribute.

## Why it matters
The sitemap XSD declares no attribute on any of its elements, so schema validation rejects the
file. Search engines ignore such attributes, which is why this is a warning: an `xml:lang` or a
`priority="high"` carries nothing to anyone.

## Example
```xml
<url xml:lang="en">
  <loc>https://example.com/</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
</url>
```
)md",
                         .authorities = kSitemapXsd};

constexpr std::string_view kSchemaInstance = "http://www.w3.org/2001/XMLSchema-instance";

// The sitemaps.org elements where the schema puts them: the root, an entry, a field of an entry.
bool schema_element(const Element& e) {
  if (!e.in_sitemap_ns) return false;
  const std::string_view name = e.local_name;
  if (e.depth == 1) return name == "urlset" || name == "sitemapindex";
  if (e.depth == 2) return name == "url" || name == "sitemap";
  return e.depth == 3 && field_id(name) != FieldId::Unknown && schema_element(*e.parent);
}

// The namespace a prefix is bound to on `node` or an ancestor; empty when none is.
std::string_view bound_namespace(pugi::xml_node node, std::string_view prefix) {
  const std::string declaration = "xmlns:" + std::string(prefix);
  for (; node; node = node.parent()) {
    if (const pugi::xml_attribute bound = node.attribute(declaration.c_str())) return bound.value();
  }
  return {};
}

// Whether this rule lets the attribute be: a namespace declaration, an xsi: attribute, or one
// whose prefix is declared nowhere (undeclared-prefix reports that, and the prefix's namespace,
// hence the attribute's, is unknown).
bool allowed(const Element& e, std::string_view name) {
  if (name == "xmlns" || name.starts_with("xmlns:")) return true;
  const auto colon = name.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string_view prefix = name.substr(0, colon);
  if (prefix == "xml") return false;  // bound by XML itself: xml:lang, xml:space, xml:base
  const std::string_view ns = bound_namespace(e.node, prefix);
  if (ns.empty()) return true;
  const std::string_view local = name.substr(colon + 1);
  return ns == kSchemaInstance &&
         (local == "schemaLocation" || local == "noNamespaceSchemaLocation" || local == "type");
}

class AttributeNotAllowed final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.elements(Subscriptions::kDocumentNamespace, {}, kElementHasAttributes);
  }

  void on_element(const Element& e, FindingSink& out) override {
    if (!e.has_attributes || !schema_element(e)) return;
    // Names and values live in one buffer, so distances there are distances in the input.
    const auto offset = [&](const char* p) { return e.offset + 1 + static_cast<std::size_t>(p - e.node.name()); };
    // Only white space separates an attribute from what precedes it: the element's name or the
    // previous value's closing quote. The fix removes it with the attribute.
    std::size_t previous_end = offset(e.node.name()) + std::string_view(e.node.name()).size();
    for (pugi::xml_attribute attr = e.node.first_attribute(); attr; attr = attr.next_attribute()) {
      const std::string_view name = attr.name();
      const std::size_t from = previous_end;
      const std::size_t value_end = offset(attr.value()) + std::string_view(attr.value()).size() + 1;  // past the quote
      previous_end = value_end;
      if (allowed(e, name)) continue;
      const std::size_t at = offset(attr.name());
      out.report({.at = {at, name.size()},
                  .message = "attribute '" + std::string(name) + "' is not allowed on <" +
                             std::string(e.qualified_name) +
                             ">: the sitemap XSD declares no attributes (namespace declarations and xsi:schemaLocation "
                             "aside) and search engines ignore it; remove it",
                  .fix = Fix{from, value_end - from, "", "remove the attribute"}});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(attribute_not_allowed, kMeta, AttributeNotAllowed)
