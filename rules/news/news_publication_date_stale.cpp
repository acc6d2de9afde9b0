// NEWS305 news-publication-date-stale: a news entry older than the two days Google asks for.
#include "rules/news/utils/news_values.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <news:publication_date> is more than two days old",
                         .docs = R"md(
## What it does
Reports a valid `<news:publication_date>` that lies more than 48 hours before now. A date
without a time counts from the last moment it can mean (the end of that day at -12:00), so only
articles that are surely older than two days are reported. `--now` sets the present, which makes
results repeatable in tests and CI.

## Why it matters
Google: "Only include recent URLs for articles that were created in the last two days. Once the
articles are older than two days, either remove those URLs from the news sitemap or remove the
`<news:news>` metadata from those URLs." Old entries make the sitemap grow towards the 1,000
limit, and are usually a generator that never prunes.

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
      <news:publication_date>2024-12-01T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
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

constexpr std::int64_t kTwoDays = 48 * 60 * 60;

class NewsPublicationDateStale final : public Rule {
 public:
  explicit NewsPublicationDateStale(const RuleSettings& settings) : now_(settings.now) {}
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const std::optional<PublicationDate> date = valid_publication_date(block, entry);
    if (!date || now_ - latest_instant(date->value) <= kTwoDays) return;
    const Span span = value_span(date->node->text);
    out.report(
        {.at = span,
         .message = "article published " + quoted(date->node->text.trimmed()) + ", " +
                    time_span(now_ - to_unix_seconds(date->value)) + " before now (" + format_utc(now_) +
                    "); a news sitemap should list only the last two days' articles — remove this <url> or its <" +
                    std::string(block.root().qualified_name) + ">"});
  }

 private:
  std::int64_t now_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_publication_date_stale, kMeta, NewsPublicationDateStale)
