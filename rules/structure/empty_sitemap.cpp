// SM108 empty-sitemap: a <urlset> with no <url>, or a <sitemapindex> with no <sitemap>.
#include "rules/extension/extension_support.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The sitemap lists no entries",
                         .docs = R"md(
## What it does
Reports a `<urlset>` without any `<url>`, or a `<sitemapindex>` without any `<sitemap>`. A
`<urlset>` that declares the news namespace is `news-empty-sitemap`'s (an info note): a news
sitemap is empty whenever nothing was published for two days.

## Why it matters
The schema requires at least one entry. An empty sitemap is valid enough for search engines to
accept, but it usually means the generator ran before the content existed or a filter removed
everything, so it is worth a look before deploying.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
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
                         .authorities = kSitemapXsd | kGoogle,
                         .search_console = "Empty sitemap"};

class EmptySitemap final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.entries_showing(kEntryFirstOfKind);  // one <url> or <sitemap> is enough
    s.finish();
  }
  void on_entry(const Entry& entry, FindingSink&) override {
    if (entry.kind != EntryKind::Other) ++entries_;
  }
  void absorb(Rule& later, FindingSink&) override { entries_ += static_cast<EmptySitemap&>(later).entries_; }
  void on_finish(const Document& doc, FindingSink& out) override {
    if (!doc.parsed || entries_ > 0) return;
    // An empty news sitemap is normal (no article in two days): news-empty-sitemap notes it instead.
    if (doc.kind == DocumentKind::UrlSet && declares_namespace(doc, kNewsNamespace)) return;
    if (doc.kind == DocumentKind::UrlSet) {
      out.report({.at = {doc.root_offset, doc.root_local.size() + 1}, .message = "the <urlset> lists no <url>"});
    } else if (doc.kind == DocumentKind::SitemapIndex) {
      out.report(
          {.at = {doc.root_offset, doc.root_local.size() + 1}, .message = "the <sitemapindex> lists no <sitemap>"});
    }
  }

 private:
  std::size_t entries_ = 0;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(empty_sitemap, kMeta, EmptySitemap)
