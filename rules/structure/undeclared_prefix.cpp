// SM110 undeclared-prefix: an element or attribute prefix with no xmlns:prefix in scope.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A namespace prefix is used without being declared",
                         .docs = R"md(
## What it does
Reports an element or attribute whose prefix (`image:`, `xhtml:`, `xsi:` ...) has no
`xmlns:prefix="..."` declaration on it or an ancestor, and suggests the usual URI for well-known
prefixes.

## Why it matters
A document with an undeclared prefix is not namespace-well-formed: namespace-aware parsers, which
all search engines use, reject the whole file. It happens when a template adds `<image:image>`
but not the `xmlns:image` declaration on `<urlset>`.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url>
    <loc>https://example.com/</loc>
    <image:image><image:loc>https://example.com/a.jpg</image:loc></image:image>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/</loc>
    <image:image><image:loc>https://example.com/a.jpg</image:loc></image:image>
  </url>
</urlset>
```
)md",
                         .authorities = kXml | kSitemapsOrg | kGoogle,
                         .search_console = "Parsing error"};

std::string declaration_hint(std::string_view prefix) {
  static constexpr struct {
    std::string_view prefix, uri;
  } kKnown[] = {
      {"image", "http://www.google.com/schemas/sitemap-image/1.1"},
      {"video", "http://www.google.com/schemas/sitemap-video/1.1"},
      {"news", "http://www.google.com/schemas/sitemap-news/0.9"},
      {"xhtml", "http://www.w3.org/1999/xhtml"},
      {"xsi", "http://www.w3.org/2001/XMLSchema-instance"},
      {"mobile", "http://www.google.com/schemas/sitemap-mobile/1.0"},
  };
  for (const auto& known : kKnown) {
    if (known.prefix == prefix) {
      return "; declare xmlns:" + std::string(prefix) + "=\"" + std::string(known.uri) + "\" on the root";
    }
  }
  return "; declare xmlns:" + std::string(prefix) + "=\"...\" on the root";
}

class UndeclaredPrefix final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.elements(Subscriptions::kAnyNamespace, {}, kElementPrefixUndeclared | kElementHasAttributes);
  }
  void on_element(const Element& e, FindingSink& out) override {
    if (!e.prefix_declared) {
      out.report({.at = {e.offset + 1, e.prefix.size()},
                  .message = "prefix '" + std::string(e.prefix) + "' of <" + std::string(e.qualified_name) +
                             "> is not declared" + declaration_hint(e.prefix)});
    }
    if (!e.has_attributes) return;
    for (pugi::xml_attribute attr : e.node.attributes()) {
      const std::string_view name = attr.name();
      const auto colon = name.find(':');
      if (colon == std::string_view::npos) continue;
      const std::string_view prefix = name.substr(0, colon);
      if (prefix == "xmlns" || prefix == "xml" || namespace_bound_at(e.node, prefix)) continue;
      const std::size_t at = e.offset + 1 + static_cast<std::size_t>(attr.name() - e.node.name());
      out.report({.at = {at, prefix.size()},
                  .message = "prefix '" + std::string(prefix) + "' of attribute '" + std::string(name) +
                             "' is not declared" + declaration_hint(prefix)});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(undeclared_prefix, kMeta, UndeclaredPrefix)
