// SM115 element-without-schema: an element of a namespace no schema describes, where the sitemap
// XSD's strict wildcard demands a declaration for it.
#include <array>

#include "rules/rule_support.h"
#include "rules/structure/utils/near_sitemap_namespace.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An element of a namespace no schema describes, which the sitemap XSD rejects",
                         .docs = R"md(
## What it does
Reports an element of another namespace than the sitemap's directly inside `<urlset>`,
`<sitemapindex>`, `<url>` or `<sitemap>` when that namespace is none whose schema is known: the
sitemaps.org schema, Google's image, video, news, mobile and PageMap schemas and XHTML (hreflang
links).
An element in no namespace at all (`<note xmlns="">`, or unprefixed under a root whose namespace
is bound to a prefix) is reported too: `##other` admits neither the schema's own namespace nor
none (XML Schema 1.0, Structures, section 3.10.4: a "not" constraint allows a name only if it is
"not ·absent·"), so xmllint says "This element is not expected". A sitemap element left in no
namespace (`<loc xmlns="">`) is `namespace-missing`'s.
It runs under `--profile xsd` only; the other profiles leave such elements to the rules
that know their namespace, and search engines ignore the rest. An element named as one of those
extensions, or written with its usual prefix (`<image:image>` bound to a misspelt image
namespace), is left to that extension's namespace rule, which says what the namespace should be;
an entry or field of the sitemap bound to a near miss of its namespace
(`<sm:url xmlns:sm=".../sitemap/0.84">`), to `namespace-mismatch`.

## Why it matters
The sitemap XSDs let other namespaces in with
`<xsd:any namespace="##other" processContents="strict"/>`. XML Schema 1.0 (Structures, section
3.10.1) says of `strict`: "There must be a top-level declaration for the item available, or the
item must have an xsi:type, and the item must be valid as appropriate". A validator that has no
schema for the namespace has no such declaration, so it rejects the file; `xmllint --schema`
says "No matching global element declaration available, but demanded by the strict wildcard".
Search engines do not validate and skip what they do not know.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <custom:meta xmlns:custom="https://example.com/ns">draft</custom:meta>
</url>
```

## Use instead
Leave out what no schema describes, or validate with a schema that imports the namespace's own:
```xml
<url>
  <loc>https://example.com/</loc>
</url>
```
)md",
                         .authorities = kSitemapXsd};

// Namespaces with a published schema a validator is given beside the sitemap XSD.
// Google publishes one for PageMap too (sitemap-pagemap.xsd), whose elements the PageMap rules check.
constexpr std::array<std::string_view, 6> kSchemaNamespaces{kImageNamespace, kVideoNamespace,  kNewsNamespace,
                                                            kXhtmlNamespace, kMobileNamespace, kPageMapNamespace};

// An element named as one of Google's extensions, or written with its usual prefix, whose
// namespace misses the extension's: the namespace rules of the extension families report that,
// and under --profile xsd as errors too.
bool looks_like_an_extension(const Element& e) {
  for (const std::string_view name : {"image", "video", "news", "link", "mobile", "PageMap"}) {
    if (e.local_name == name) return true;
  }
  for (const std::string_view prefix : {"image", "video", "news", "xhtml", "mobile", "pagemap"}) {
    if (e.prefix == prefix) return true;
  }
  return false;
}

// The names of the sitemap's own elements.
bool is_sitemap_element_name(std::string_view local) {
  for (const std::string_view name :
       {"urlset", "sitemapindex", "url", "sitemap", "loc", "lastmod", "changefreq", "priority"}) {
    if (local == name) return true;
  }
  return false;
}

bool has_schema(std::string_view ns) {
  for (const std::string_view known : kSchemaNamespaces) {
    if (ns == known) return true;
  }
  return false;
}

// Where the XSDs put their wildcard: in the root and in each entry.
bool under_wildcard(const Element& e) {
  const Element* root = e.depth == 2 ? e.parent : e.depth == 3 ? e.parent->parent : nullptr;
  if (!root || root->ns != kSitemapNamespace) return false;
  if (root->local_name != "urlset" && root->local_name != "sitemapindex") return false;
  return e.depth == 2 || is_entry_element(e.parent);
}

class ElementWithoutSchema final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.elements(Subscriptions::kAnyNamespace); }
  void on_element(const Element& e, FindingSink& out) override {
    if (e.depth < 2 || e.depth > 3 || e.in_sitemap_ns || !e.prefix_declared || !under_wildcard(e)) return;
    if (is_near_miss_sitemap_element(e)) return;  // namespace-mismatch's (SM103), which names the namespace
    if (e.ns.empty()) {
      // A sitemap element left in no namespace is namespace-missing's (SM102).
      if (!e.prefix.empty() || is_sitemap_element_name(e.local_name)) return;
      out.report({.at = {e.offset, e.qualified_name.size() + 1},
                  .message = "<" + std::string(e.qualified_name) +
                             "> is in no namespace, which the XSD's wildcard (namespace=\"##other\") does not "
                             "admit (xmllint: \"This element is not expected\")"});
      return;
    }
    if (has_schema(e.ns) || looks_like_an_extension(e)) return;
    out.report({.at = {e.offset, e.qualified_name.size() + 1},
                .message = "<" + std::string(e.qualified_name) + "> is of namespace '" + std::string(e.ns) +
                           "', which no schema describes; the XSD's strict wildcard rejects it (xmllint: \"No "
                           "matching global element declaration available, but demanded by the strict wildcard\")"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(element_without_schema, kMeta, ElementWithoutSchema)
