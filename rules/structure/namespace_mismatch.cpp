// SM103 namespace-mismatch: the root's namespace is not the sitemaps.org 0.9 URI, or an entry or
// field is in a near miss of it.
#include "rules/rule_support.h"
#include "rules/structure/utils/near_sitemap_namespace.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "The namespace URI is not http://www.sitemaps.org/schemas/sitemap/0.9",
                         .docs = R"md(
## What it does
Reports a `<urlset>` or `<sitemapindex>` whose namespace URI is not exactly
`http://www.sitemaps.org/schemas/sitemap/0.9`: `https://`, a trailing slash, another version
(`0.84`, `0.8`), or Google's retired `http://www.google.com/schemas/sitemap/0.84` and `.../0.9`.
The fix replaces the URI. The rest of the document is still checked as a sitemap.

An entry (`<url>`, `<sitemap>`) or one of its fields (`<loc>`, `<lastmod>`, `<changefreq>`,
`<priority>`) bound to such a near miss under a root in the right namespace
(`<sm:url xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.84">`) is reported as well: it is
no entry or field of the sitemap, and is not read as one. Where the element declares the
namespace itself, the fix replaces the URI there; a declaration on an ancestor may serve other
elements as well, and is left to the author.

An Atom feed's `<feed>` root in another namespace than Atom 1.0's `http://www.w3.org/2005/Atom`
or Atom 0.3's `http://purl.org/atom/ns#` is reported too: it is no Atom feed, and none of its
entries is read. The fix writes the Atom 1.0 namespace.

## Why it matters
Namespace URIs are compared character by character; a near miss is a different namespace and the
file is not a sitemap to a validating consumer. Search Console: "Incorrect namespace".

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="https://www.sitemaps.org/schemas/sitemap/0.9">
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

class NamespaceMismatch final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.document();
    // An entry in a near miss is no <url> (kEntryNotUrl); a field in one is an extension block of
    // the entry it is in: both come to the rule without a look at every element.
    s.entries_showing(kEntryNotUrl);
    for (const std::string_view field : {"loc", "lastmod", "changefreq", "priority"})
      s.extensions(Subscriptions::kAnyNamespace, field);
  }

  // An entry of a root in the sitemap namespace, bound to a near miss of it. The fix replaces the
  // URI where the element binds it itself; a binding on an ancestor may serve other elements too,
  // and is left to the author (fixes of several findings would overlap there).
  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind != EntryKind::Other || !entry.element || !is_near_miss_sitemap_element(*entry.element)) return;
    const Element& e = *entry.element;
    std::optional<Fix> fix;
    const std::string declaration = e.prefix.empty() ? "xmlns" : "xmlns:" + std::string(e.prefix);
    if (const pugi::xml_attribute declared = e.node.attribute(declaration.c_str())) {
      // Names and values live in one buffer, so the distance between them is the one in the input.
      const std::size_t value = e.offset + 1 + static_cast<std::size_t>(declared.value() - e.node.name());
      fix = Fix{value, std::string_view(declared.value()).size(), std::string(kSitemapNamespace),
                "replace with '" + std::string(kSitemapNamespace) + "'"};
    }
    report(e.qualified_name, e.ns, e.offset, "an entry", std::move(fix), out);
  }

  // A field of an entry, bound to a near miss: a block of the entry's extensions.
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const ExtensionNode& root = block.root();
    if (entry.kind == EntryKind::Other || !near_sitemap_namespace(root.ns)) return;
    report(root.qualified_name, root.ns, root.offset, "the entry's <" + std::string(root.local_name) + ">", {}, out);
  }

  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.parsed) return;
    if (doc.kind == DocumentKind::Feed && doc.root_local == "feed") {
      check_atom(doc, out);
      return;
    }
    if (doc.kind != DocumentKind::UrlSet && doc.kind != DocumentKind::SitemapIndex) return;
    if (doc.root_ns.empty() || doc.root_ns == kSitemapNamespace || !doc.root_ns_value_offset) return;
    const std::size_t at = *doc.root_ns_value_offset;
    out.report({.at = {at, doc.root_ns_value_length},
                .message = "expected namespace '" + std::string(kSitemapNamespace) + "', found " + quoted(doc.root_ns),
                .fix = Fix{at, doc.root_ns_value_length, std::string(kSitemapNamespace),
                           "replace with '" + std::string(kSitemapNamespace) + "'"}});
  }

 private:
  static void report(std::string_view name, std::string_view ns, std::size_t offset, const std::string& what,
                     std::optional<Fix> fix, FindingSink& out) {
    out.report({.at = {offset + 1, name.size()},
                .message = "<" + std::string(name) + "> is in the namespace " + quoted(ns) + ", not the sitemap's '" +
                           std::string(kSitemapNamespace) + "': it is not read as " + what,
                .fix = std::move(fix)});
  }

  // A <feed> in another namespace than Atom's (namespace-missing reports one in none).
  static void check_atom(const Document& doc, FindingSink& out) {
    constexpr std::string_view kAtom = "http://www.w3.org/2005/Atom", kAtom03 = "http://purl.org/atom/ns#";
    if (doc.root_ns.empty() || doc.root_ns == kAtom || doc.root_ns == kAtom03 || !doc.root_ns_value_offset) return;
    const std::size_t at = *doc.root_ns_value_offset;
    // The protocol and Google accept Atom feeds; the XSD has nothing to say about them.
    out.report(
        {.at = {at, doc.root_ns_value_length},
         .message = "<feed> is in the namespace " + quoted(doc.root_ns) +
                    ", so it is no Atom feed and none of its entries is read; expected '" + std::string(kAtom) +
                    "' (Atom 1.0)",
         .fix = Fix{at, doc.root_ns_value_length, std::string(kAtom), "replace with '" + std::string(kAtom) + "'"},
         .rests_on = kSitemapsOrg | kGoogle});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(namespace_mismatch, kMeta, NamespaceMismatch)
