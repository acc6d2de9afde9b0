// NEWS308 news-value-rejected-by-xsd: a news value Google accepts that the news XSD rejects.
#include "analysis/xs_datetime.h"
#include "rules/news/utils/news_schema.h"
#include "rules/news/utils/news_values.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .fixes = Fixes::Sometimes,
                         .summary =
                             "A news value Google accepts but the news XSD rejects: a time without seconds, a language "
                             "code with white space around it",
                         .docs = R"md(
## What it does
Notes the values of a `<news:news>` block that Google accepts and the news XSD (0.9) rejects:
- a `<news:publication_date>` with hours and minutes but no seconds (`2024-12-31T09:00+01:00`):
  Google lists that form, while the XSD's `xsd:dateTime` requires seconds. The fix writes `:00`
  seconds, the same instant.
- a `<news:language>` with white space around the code (` en `): Google reads the code, while the
  XSD's pattern (`zh-cn`, `zh-tw` or two or three lower-case letters) applies to the text as
  written. The fix removes the white space.

Values that Google rejects as well are `news-publication-date-invalid`'s and
`news-language-invalid`'s.

## Why it matters
Google News reads these values as they are, so this is only a note. But a pipeline that validates
news sitemaps against the XSD (`xmllint --schema`) rejects the file for them, which is why they
are errors under `--profile xsd`.

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
      <news:publication_date>2024-12-31T09:00+01:00</news:publication_date>
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
      <news:publication_date>2024-12-31T09:00:00+01:00</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kExtensionXsd};

class NewsValueRejectedByXsd final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (!is_page_entry(entry)) return;
    check_date(block, out);
    check_language(block, out);
  }

 private:
  void check_date(const ExtensionBlock& block, FindingSink& out) {
    const ExtensionNode* date = news_publication_date(block);
    if (!date) return;
    const std::string_view value = date->text.trimmed();
    if (value.empty() || !parse_news_date(value, &problem_) || is_xs_date_or_datetime(value)) return;
    // What Google accepts and XML Schema does not is YYYY-MM-DDThh:mm with a zone: no seconds.
    constexpr std::size_t kMinutesEnd = 16;  // YYYY-MM-DDThh:mm
    const Span span = value_span(date->text);
    if (value.size() < kMinutesEnd || value[10] != 'T' || value[13] != ':' ||
        (value.size() > kMinutesEnd && value[kMinutesEnd] == ':')) {
      out.report({.at = span,
                  .message = "<" + std::string(date->qualified_name) + "> " + quoted(value) +
                             " is a date Google accepts, but not an xsd:date or xsd:dateTime, which the news XSD "
                             "requires, so schema validation rejects the file; write YYYY-MM-DD or YYYY-MM-DDThh:mm:ss "
                             "with a time zone if it must pass"});
      return;
    }
    const std::string with_seconds =
        std::string(value.substr(0, kMinutesEnd)) + ":00" + std::string(value.substr(kMinutesEnd));
    std::optional<Fix> fix;
    if (date->text.exact) fix = Fix{span.offset + kMinutesEnd, 0, ":00", "write :00 seconds"};
    out.report({.at = span,
                .message = "<" + std::string(date->qualified_name) + "> " + quoted(value) +
                           " has no seconds: Google accepts it, but the news XSD's xsd:dateTime requires them, so "
                           "schema validation rejects the file; write " +
                           quoted(with_seconds) + " if it must pass",
                .fix = std::move(fix)});
  }

  void check_language(const ExtensionBlock& block, FindingSink& out) {
    const ExtensionNode* language = news_language(block);
    if (!language) return;
    const std::string_view trimmed = language->text.trimmed();
    if (trimmed.empty() || trimmed == language->text.value || !matches_news_xsd_language(trimmed)) return;
    out.report({.at = {language->text.value_offset, language->text.raw.size()},
                .message = "<" + std::string(language->qualified_name) + "> " + quoted(language->text.value) +
                           " has white space around the code: Google reads " + quoted(trimmed) +
                           ", but the news XSD's pattern applies to the text as written, so schema validation rejects "
                           "the file; write " +
                           quoted(trimmed),
                .fix = language->text.replace_value(trimmed, "remove the white space")});
  }

  std::string problem_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_value_rejected_by_xsd, kMeta, NewsValueRejectedByXsd)
