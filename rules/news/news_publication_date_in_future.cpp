// NEWS306 news-publication-date-in-future: a news article published in the future.
#include "rules/news/utils/news_values.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <news:publication_date> lies in the future",
                         .docs = R"md(
## What it does
Reports a valid `<news:publication_date>` more than 24 hours after now. A date without a time
counts from the first moment it can mean (its start at +14:00); the 24 hours of slack absorb
time zones and clock skew, as for `lastmod-in-future`. `--now` sets the present.

## Why it matters
Google asks for "the original date and time when the article was first published". A date in
the future comes from a wrong clock, a time zone applied twice, or an article scheduled ahead and
listed before it is out; Google may ignore the entry or the date.

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
      <news:publication_date>2025-03-01T09:00:00Z</news:publication_date>
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

constexpr std::int64_t kSlack = 24 * 60 * 60;

class NewsPublicationDateInFuture final : public Rule {
 public:
  explicit NewsPublicationDateInFuture(const RuleSettings& settings) : now_(settings.now) {}
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const std::optional<PublicationDate> date = valid_publication_date(block, entry);
    if (!date || earliest_instant(date->value) - now_ <= kSlack) return;
    const Span span = value_span(date->node->text);
    out.report({.at = span,
                .message = "<" + std::string(date->node->qualified_name) + "> " + quoted(date->node->text.trimmed()) +
                           " is in the future: " + time_span(earliest_instant(date->value) - now_) + " after now (" +
                           format_utc(now_) + "); give the time the article was first published"});
  }

 private:
  std::int64_t now_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_publication_date_in_future, kMeta, NewsPublicationDateInFuture)
