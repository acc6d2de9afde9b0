// PAGE204 page-lastmod-stale: a live page changed after its <lastmod> says it last did.
#include <ctime>

#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A live page's Last-Modified header is later than its <lastmod>",
                         .docs = R"md(
## What it does
With `--pages` on the live site (without `--root`), compares the `Last-Modified` header of each
listed page that answers 200 with the entry's `<lastmod>`, and reports the pages modified more
than a day after the date the sitemap gives. A `Last-Modified` equal to the answer's `Date`, or
at most a minute before it (a page built for each request), says nothing of the content and is not
compared.

## Why it matters
Google uses `<lastmod>` only when it is "consistently and verifiably accurate". A sitemap whose
dates lag behind the pages' own is a generator that does not update them: Google then ignores
every `<lastmod>` of the site, and changed pages are recrawled later.

## Example
```xml
<url><loc>https://example.com/post/</loc><lastmod>2024-01-01</lastmod></url>
<!-- the page answers Last-Modified: Tue, 01 Oct 2024 10:00:00 GMT -->
```

## Use instead
Let the generator write each page's real modification date.
```xml
<url><loc>https://example.com/post/</loc><lastmod>2024-10-01</lastmod></url>
```
)md",
                         .authorities = kGoogle};

// Seconds since 1970 of a W3C datetime (its zone applied; a date alone is its midnight UTC).
std::int64_t epoch_seconds(const W3cDatetime& t) {
  std::int64_t y = t.year;
  const unsigned m = static_cast<unsigned>(t.month), d = static_cast<unsigned>(t.day);
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const std::int64_t days = era * 146097 + static_cast<std::int64_t>(doe) - 719468;
  return days * 86400 + t.hour * 3600 + t.minute * 60 + t.second - t.offset_minutes * 60;
}

std::string http_date_text(std::int64_t seconds) {
  const std::time_t time = static_cast<std::time_t>(seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[64];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

class PageLastmodStale final : public PageRule {
 public:
  explicit PageLastmodStale(const RuleSettings& settings) : PageRule(settings, {UrlFieldKind::Loc}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis&, const PageAnswer& page, FindingSink& out) override {
    if (page.status != PageStatus::Served || !page.http || !page.http->last_modified || !url.entry->lastmod.present)
      return;
    const std::int64_t modified = *page.http->last_modified;
    const auto& parsed = url.entry->lastmod_parsed();
    if (!parsed.value) return;  // an invalid <lastmod> is the lastmod rules' business
    constexpr std::int64_t kDay = 86400;
    if (modified <= epoch_seconds(*parsed.value) + kDay) return;
    out.report({.at = value_span(url.entry->lastmod),
                .message = "<lastmod> " + std::string(url.entry->lastmod.trimmed()) + " of " + url.quoted_value() +
                           " is more than a day before the page's Last-Modified header (" + http_date_text(modified) +
                           "); write the page's real modification date, or Google ignores the site's <lastmod>"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_lastmod_stale, kMeta, PageLastmodStale)
