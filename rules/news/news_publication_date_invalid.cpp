// NEWS304 news-publication-date-invalid: a <news:publication_date> in none of the forms Google accepts.
#include "analysis/xs_datetime.h"
#include "rules/news/utils/news_values.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <news:publication_date> is not a W3C date in a form Google accepts",
                         .docs = R"md(
## What it does
Checks `<news:publication_date>` against the forms Google lists for news sitemaps: `YYYY-MM-DD`,
`YYYY-MM-DDThh:mmTZD`, `YYYY-MM-DDThh:mm:ssTZD` or `YYYY-MM-DDThh:mm:ss.sTZD`, where TZD is `Z`,
`+hh:mm` or `-hh:mm`. The date must exist, hours run from 00 to 23, and `T` and `Z` are upper
case. So `2024-05` (no day), `2024-05-01 10:00` (a space), `2024-05-01T10:00` (no time zone),
`Tue, 05 May 2024` and a Unix timestamp are reported, with what is wrong. An empty value is
`news-missing-required`'s.

## Why it matters
Google: "The article publication date in W3C format ... Google accepts any of the following
formats". Search Console reports other values as **"Invalid date"**, and an article without a
usable date is not shown as recent news. The XSD (`xsd:date` or `xsd:dateTime`) rejects most of
these values too (not a time zone on a date alone, nor a time without a zone), and also the
minutes-only form that Google accepts: Google is followed here, and `news-value-rejected-by-xsd`
notes that form.

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
      <news:publication_date>2024-12-31 09:00:00</news:publication_date>
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
                         .authorities = kGoogle | kW3cDatetime | kExtensionXsd,
                         .search_console = "Invalid date"};

class NewsPublicationDateInvalid final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const ExtensionNode* date = is_page_entry(entry) ? news_publication_date(block) : nullptr;
    if (!date || date->text.trimmed().empty()) return;
    const std::string_view value = date->text.trimmed();
    if (parse_news_date(value, &problem_)) return;
    const Span span = value_span(date->text);
    // The XSD (xsd:date or xsd:dateTime) rejects most of what Google does, not all: a time zone on
    // a date alone, or a time without one, passes it.
    const std::uint32_t rests_on =
        is_xs_date_or_datetime(value) ? kMeta.authorities & ~kExtensionXsd : kMeta.authorities;
    out.report(
        {.at = span,
         .message =
             "<" + std::string(date->qualified_name) + "> " + quoted(value) +
             " is not a date Google accepts: " + problem_ +
             "; write YYYY-MM-DD or YYYY-MM-DDThh:mm:ss with the article's time zone, e.g. 2024-05-01T10:00:00+02:00",
         .rests_on = rests_on});
  }

 private:
  std::string problem_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_publication_date_invalid, kMeta, NewsPublicationDateInvalid)
