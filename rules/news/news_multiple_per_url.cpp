// NEWS108 news-multiple-per-url: a <url> with more than one <news:news>.
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <url> has more than one <news:news>",
                         .docs = R"md(
## What it does
Reports every `<news:news>` after the first in one `<url>`, and points at the first.

## Why it matters
Google: "Each url sitemap tag can have only one news:news tag." A `<url>` is one article; two
news entries for one URL contradict each other (two titles, two dates), and usually mean that two
articles were given the same URL by mistake.

## Example
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
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T10:00:00Z</news:publication_date>
      <news:title>Harbour ferry: the first crossing</news:title>
    </news:news>
  </url>
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
                         .authorities = kGoogle};

class NewsMultiplePerUrl final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (!is_page_entry(entry)) return;
    const ExtensionNode& news = block.root();
    if (!first_ || entry.index != entry_index_) {
      first_ = news.offset;
      entry_index_ = entry.index;
      return;
    }
    out.report({.at = {news.offset, tag_length(news)},
                .message = "this <url> already has a <" + std::string(news.qualified_name) +
                           ">; an article has one news entry",
                .related = RelatedLocation{*first_, "the first <" + std::string(news.qualified_name) + ">"}});
  }

 private:
  std::optional<std::size_t> first_;  // offset of the current <url>'s first <news:news>
  std::size_t entry_index_ = 0;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_multiple_per_url, kMeta, NewsMultiplePerUrl)
