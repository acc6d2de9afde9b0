// SM102 namespace-missing: sitemap elements without the sitemaps.org namespace.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "The sitemap's elements have no namespace",
                         .docs = R"md(
## What it does
Reports a `<urlset>` or `<sitemapindex>` root without the sitemaps.org namespace, and sitemap
elements (`<url>`, `<loc>`, ...) left in no namespace inside a root that has one, which happens when
the namespace is bound to a prefix (`xmlns:sm="..."`) but the children are not prefixed. The fix
adds `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"` to an unprefixed root.

An Atom feed's `<feed>` root without a namespace is reported too (`<feed><entry>...</entry></feed>`):
without `xmlns="http://www.w3.org/2005/Atom"` it is no Atom feed, and none of its entries is read.
The fix adds the Atom 1.0 namespace.

## Why it matters
Elements are identified by namespace and name together; without the namespace a `<urlset>` is not
a sitemap to a schema-validating consumer. Search Console reports "Incorrect namespace" or
"Missing XML tag".

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset>
  <url><loc>https://example.com/</loc></url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd | kGoogle,
                         .search_console = "Incorrect namespace"};

constexpr std::string_view kAtomNamespace = "http://www.w3.org/2005/Atom";

bool is_sitemap_name(std::string_view local) {
  for (std::string_view name : {"url", "sitemap", "loc", "lastmod", "changefreq", "priority"}) {
    if (local == name) return true;
  }
  return false;
}

class NamespaceMissing final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.document();
    s.elements(Subscriptions::kAnyNamespace, {}, kElementInNoNamespace);
  }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.parsed || !doc.root_ns.empty()) return;
    const bool atom = doc.kind == DocumentKind::Feed && doc.root_local == "feed";
    if (!atom && doc.kind != DocumentKind::UrlSet && doc.kind != DocumentKind::SitemapIndex) return;
    const std::string_view ns = atom ? kAtomNamespace : kSitemapNamespace;
    const std::size_t name_end = doc.root_offset + 1 + doc.root_local.size();
    std::optional<Fix> fix;
    if (!doc.root_ns_value_offset && doc.bytes.substr(doc.root_offset + 1, doc.root_local.size()) == doc.root_local) {
      fix = Fix{name_end, 0, " xmlns=\"" + std::string(ns) + "\"",
                atom ? "add the Atom namespace" : "add the sitemaps.org namespace"};
    }
    if (atom) {
      // The protocol and Google accept Atom feeds; the XSD has nothing to say about them.
      out.report(
          {.at = {doc.root_offset, doc.root_local.size() + 1},
           .message =
               "<feed> has no namespace, so it is no Atom feed and none of its entries is read; declare xmlns=\"" +
               std::string(ns) + "\"",
           .fix = std::move(fix),
           .rests_on = kSitemapsOrg | kGoogle});
      return;
    }
    out.report({.at = {doc.root_offset, doc.root_local.size() + 1},
                .message = "<" + std::string(doc.root_local) + "> has no namespace; expected xmlns=\"" +
                           std::string(ns) + "\"",
                .fix = std::move(fix)});
  }

  void on_element(const Element& e, FindingSink& out) override {
    // Only inside a root that does have a namespace; a root without one is reported above.
    if (e.depth < 2 || e.depth > 3 || !e.parent || !e.parent->in_sitemap_ns || e.parent->ns.empty()) return;
    if (!e.ns.empty() || !e.prefix.empty() || !is_sitemap_name(e.local_name)) return;
    out.report({.at = {e.offset, e.qualified_name.size() + 1},
                .message = "<" + std::string(e.local_name) + "> is in no namespace, unlike its parent <" +
                           std::string(e.parent->qualified_name) + ">; use the same prefix or declare xmlns=\"" +
                           std::string(kSitemapNamespace) + "\""});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(namespace_missing, kMeta, NamespaceMissing)
