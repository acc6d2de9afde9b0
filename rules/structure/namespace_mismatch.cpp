// SM103 namespace-mismatch: the root's namespace is not the sitemaps.org 0.9 URI.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Always,
                         .summary = "The namespace URI is not http://www.sitemaps.org/schemas/sitemap/0.9",
                         .docs = R"md(
## What it does
Reports a `<urlset>` or `<sitemapindex>` whose namespace URI is not exactly
`http://www.sitemaps.org/schemas/sitemap/0.9`: `https://`, a trailing slash, another version
(`0.84`, `0.8`), or Google's retired `http://www.google.com/schemas/sitemap/0.84` and `.../0.9`.
The fix replaces the URI. The rest of the document is still checked as a sitemap.

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
  void subscribe(Subscriptions& s) const override { s.document(); }
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
