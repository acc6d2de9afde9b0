// NEWS307 news-empty-sitemap: a news sitemap with no article, which Google says is fine.
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "A news sitemap lists no articles",
                         .docs = R"md(
## What it does
Reports a `<urlset>` without any `<url>` in a file that declares the news namespace. Such a
file gets this note instead of `empty-sitemap` (SM108), which would otherwise report it as a
warning.

## Why it matters
A news sitemap lists the articles of the last two days, so it is empty whenever nothing was
published for two days. Google: "You may see an Empty Sitemap warning in Search Console, but
this is just to make sure it was intentional on your behalf. It won't cause any problems with
Google Search if the file is empty." The note is there for when it was not intentional. Schema
validation does reject the file (the sitemap XSD requires at least one `<url>`), which is why this
is an error under `--profile xsd`.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kSitemapXsd,
                         .search_console = "Empty sitemap"};

class NewsEmptySitemap final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.entries_showing(kEntryFirstOfKind);  // one <url> is enough
    s.finish();
  }
  void on_entry(const Entry& entry, FindingSink&) override {
    if (entry.kind != EntryKind::Other) ++entries_;
  }
  void absorb(Rule& later, FindingSink&) override { entries_ += static_cast<NewsEmptySitemap&>(later).entries_; }
  void on_finish(const Document& doc, FindingSink& out) override {
    if (!doc.parsed || doc.kind != DocumentKind::UrlSet || entries_ > 0 || !declares_namespace(doc, kNewsNamespace))
      return;
    out.report({.at = {doc.root_offset, doc.root_local.size() + 1},
                .message = "this news sitemap lists no articles; Search Console will show 'Empty sitemap', which "
                           "Google says causes no problem when no article was published in the last two days (schema "
                           "validation rejects it: the sitemap XSD requires at least one <url>)"});
  }

 private:
  std::size_t entries_ = 0;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_empty_sitemap, kMeta, NewsEmptySitemap)
