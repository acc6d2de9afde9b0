// NEWS301 news-too-many: more than 1,000 <news:news> in one sitemap.
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "More than 1,000 <news:news> in one sitemap",
                         .docs = R"md(
## What it does
Counts the `<news:news>` blocks of the file and reports the 1,001st, once, with the file's
count.

## Why it matters
Google: "a sitemap may have up to 1,000 news:news tags. If there are more than 1,000
`<news:news>` tags in a news sitemap, split your sitemap into multiple smaller sitemaps." The
limit is Google's page only (the XSD sets none); Search Console reports **"Too many News
URLs"**. A news sitemap lists the articles of the last two days, so 1,000 is rarely reached
unless old articles are left in.

## Example
A sitemap with 1,001 `<news:news>` (too long to show here):
```xml
<url>
  <loc>https://example.com/news/1001</loc>
  <news:news><!-- the 1,001st in this file --></news:news>
</url>
```

## Use instead
Remove the articles older than two days; if more than 1,000 remain, split the sitemap and list
the parts in a sitemap index:
```xml
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://example.com/news-sitemap-1.xml</loc></sitemap>
  <sitemap><loc>https://example.com/news-sitemap-2.xml</loc></sitemap>
</sitemapindex>
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Too many News URLs"};

class NewsTooMany final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kNewsNamespace, kNewsElement.name);
    s.finish();
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink&) override {
    if (!is_page_entry(entry)) return;
    ++seen_;
    const ExtensionNode& news = block.root();
    // A later lane does not know how many came before: the one past the limit may be any of its
    // first kMaxNewsPerSitemap + 1.
    if (later_lane_ && kept_.size() <= kMaxNewsPerSitemap)
      kept_.push_back({{news.offset, tag_length(news)}, std::string(news.qualified_name)});
    if (seen_ != kMaxNewsPerSitemap + 1) return;
    first_extra_ = Span{news.offset, tag_length(news)};
    name_ = std::string(news.qualified_name);
  }
  void walks_later_lane(Rule&) override { later_lane_ = true; }
  void absorb(Rule& later_rule, FindingSink&) override {
    auto& later = static_cast<NewsTooMany&>(later_rule);
    if (seen_ <= kMaxNewsPerSitemap && seen_ + later.seen_ > kMaxNewsPerSitemap) {
      Kept& extra = later.kept_[kMaxNewsPerSitemap - seen_];
      first_extra_ = extra.at;
      name_ = std::move(extra.name);
    }
    seen_ += later.seen_;
  }
  void on_finish(const Document&, FindingSink& out) override {
    if (seen_ <= kMaxNewsPerSitemap) return;
    out.report(
        {.at = {first_extra_.offset, first_extra_.length},
         .message =
             "this sitemap has " + grouped(seen_) + " <" + name_ +
             "> entries; Google reads at most 1,000 per sitemap — split it and list the parts in a sitemap index"});
  }

 private:
  std::size_t seen_ = 0;
  Span first_extra_;  // the 1,001st
  std::string name_;
  struct Kept {
    Span at;
    std::string name;
  };
  bool later_lane_ = false;
  std::vector<Kept> kept_;  // in a later lane, its first kMaxNewsPerSitemap + 1
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_too_many, kMeta, NewsTooMany)
