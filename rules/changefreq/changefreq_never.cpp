// SM502 changefreq-never: <changefreq>never</changefreq>, often mistaken for "do not crawl".
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "A <changefreq> is 'never', which does not stop crawling",
                         .docs = R"md(
## What it does
Points out a `<url>` whose `<changefreq>` is `never`.

## Why it matters
`never` is a valid value, meant for archived pages, but it is often written in the hope that
crawlers will leave a page alone. It does not do that: sitemaps.org calls changefreq a hint, not a
command, and says crawlers may still visit pages marked `never` to catch unexpected changes. Google
ignores `<changefreq>` altogether. To stop crawling, use a `Disallow` rule in robots.txt; to keep a
page out of search results, serve a `noindex` robots meta tag or `X-Robots-Tag` header (and do not
block it in robots.txt, or the crawler never sees the noindex). A page you do not want crawled
usually does not belong in the sitemap at all.

## Example
```xml
<url>
  <loc>https://example.com/archive/2019</loc>
  <changefreq>never</changefreq>
</url>
```

## Use instead
Leave changefreq out (Google ignores it anyway) and let `<lastmod>` say when the page changed:
```xml
<url>
  <loc>https://example.com/archive/2019</loc>
  <lastmod>2019-12-31</lastmod>
</url>
```
)md",
                         .authorities = kAdvice};

class ChangefreqNever final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryChangefreqUnusual); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind != EntryKind::Url || !entry.changefreq.present) return;
    if (entry.changefreq.trimmed() != "never") return;
    const Span span = value_span(entry.changefreq);
    out.report({.at = span,
                .message = "<changefreq> 'never' does not stop crawling: sitemaps.org says crawlers may still visit "
                           "such pages and Google ignores changefreq; use robots.txt to stop crawling or noindex to "
                           "keep the page out of search, and consider leaving it out of the sitemap"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(changefreq_never, kMeta, ChangefreqNever)
