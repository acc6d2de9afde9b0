// SM101 unknown-root: the root element is neither <urlset> nor <sitemapindex>.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The root element is not <urlset> or <sitemapindex>",
                         .docs = R"md(
## What it does
Reports a document whose root element is anything but `<urlset>` (a sitemap) or `<sitemapindex>`
(a sitemap index), and says what the document looks like instead: an RSS or Atom feed, an HTML
page, or another XML vocabulary.

## Why it matters
Search engines accept only these two roots (RSS and Atom feeds are a separate submission type).
An HTML page served at the sitemap's address, often an error page or a login wall, is the classic
case: Search Console says "Your Sitemap appears to be an HTML page".

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urls xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urls>
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
                         .search_console = "Unsupported file format"};

std::string_view looks_like(std::string_view local) {
  if (local == "rss" || local == "RDF") return " (this looks like an RSS feed)";
  if (local == "feed") return " (this looks like an Atom feed)";
  if (local == "html" || local == "HTML") return " (this looks like an HTML page, not a sitemap)";
  if (local == "url") return " (a lone <url>: is the enclosing <urlset> missing?)";
  if (local == "sitemap") return " (a lone <sitemap>: is the enclosing <sitemapindex> missing?)";
  return "";
}

class UnknownRoot final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    if (!doc.parsed || doc.kind != DocumentKind::Other) return;
    out.report({.at = {doc.root_offset, doc.root_local.size() + 1},
                .message = "expected <urlset> or <sitemapindex> as the root element, found <" +
                           std::string(doc.root_local) + ">" + std::string(looks_like(doc.root_local))});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(unknown_root, kMeta, UnknownRoot)
