// SM401 lastmod-invalid: a <lastmod> that is not a W3C Datetime or not a real date and time.
#include "analysis/xs_datetime.h"
#include "rules/rule_support.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <lastmod> is not a valid W3C Datetime",
                         .docs = R"md(
## What it does
Checks every `<lastmod>` (in `<url>` and in `<sitemap>` entries) against the W3C Datetime note
that the sitemaps.org protocol names as its format: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, or a date
with a time `YYYY-MM-DDThh:mm`, `Thh:mm:ss` or `Thh:mm:ss.s` followed by a time zone (`Z`,
`+hh:mm` or `-hh:mm`). The date must exist (`2023-02-29` does not; `2024-02-29` does; `2100-02-29`
does not), hours run from 00 to 23, and `T` and `Z` are upper case. The message names the value and
what is wrong with it. An empty `<lastmod>` is reported too.

Where a single character is the whole problem (a space or `t` between date and time, a lower-case
`z`) and the corrected value is complete, the finding carries a fix.

A time without a time zone is `lastmod-missing-timezone` (SM402) instead; a value gets one of the
two, never both. Values are checked after trimming the white space around them (that white space is
`field-whitespace`, SM113).

## Why it matters
Google Search Console reports these values as **"Invalid date"** and ignores them, so the crawler
loses the one hint that tells it a page changed. Other consumers validate against the sitemap XSD
(`xsd:date` or `xsd:dateTime`), which rejects them too. Where the authorities differ the message
says so: XML Schema 1.0 reads `24:00:00` as the end of the day, but the W3C note allows hours 00
to 23 only and many date libraries reject hour 24.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2023-02-29</lastmod>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2023-02-28</lastmod>
</url>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd | kW3cDatetime | kGoogle,
                         .search_console = "Invalid date"};

// Applies the one-character corrections the parser suggests; the corrected value when it is then a
// complete W3C Datetime (a time must have its zone).
std::optional<std::string> corrected(std::string_view value, DatetimeError error) {
  std::string text(value);
  for (int attempt = 0; attempt < 3 && error.replacement != '\0'; ++attempt) {
    text[error.position] = error.replacement;
    error = DatetimeError{};
    const auto parsed = parse_w3c_datetime(text, &error);
    if (parsed) return parsed->has_time && !parsed->has_timezone ? std::nullopt : std::optional(text);
  }
  return std::nullopt;
}

class LastmodInvalid final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryLastmodUnusual); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind == EntryKind::Other || !entry.lastmod.present) return;
    const Field& field = entry.lastmod;
    const std::string_view value = field.trimmed();
    if (!value.empty() && entry.lastmod_parsed().value) return;
    const Span span = value_span(field);
    if (value.empty()) {
      out.report({.at = span,
                  .message = "<lastmod> is empty: write when the page last changed, e.g. 2024-05-31, or remove the "
                             "element (Search Console: \"Invalid date\")"});
      return;
    }
    const DatetimeError& error = entry.lastmod_parsed().error;
    std::string message = "<lastmod> " + quoted(value) + " is not a valid W3C Datetime: " + error.message +
                          " (Search Console: \"Invalid date\")";
    std::optional<Fix> fix;
    if (field.exact) {
      if (auto better = corrected(value, error)) {
        fix = Fix{span.offset, span.length, *better, "replace with " + quoted(*better)};
      }
    }
    // XML Schema accepts some of these values ('2024-05-31Z', '24:00:00'): then the XSD is no ground.
    const std::uint32_t rests_on = is_xs_date_or_datetime(value) ? kMeta.authorities & ~kSitemapXsd : kMeta.authorities;
    out.report({.at = span, .message = std::move(message), .fix = std::move(fix), .rests_on = rests_on});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(lastmod_invalid, kMeta, LastmodInvalid)
