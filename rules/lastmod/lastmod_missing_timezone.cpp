// SM402 lastmod-missing-timezone: a <lastmod> with a time of day but no time zone.
#include "rules/rule_support.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <lastmod> gives a time without a time zone",
                         .docs = R"md(
## What it does
Reports a `<lastmod>` (in `<url>` or `<sitemap>` entries) that has a time of day but no time zone
designator, such as `2024-05-31T10:00:00`. There is no fix: only the site knows which zone the
time was recorded in.

## Why it matters
The W3C Datetime note that the sitemaps.org protocol names requires a time zone (`Z`, `+hh:mm` or
`-hh:mm`) whenever a time is given, and Google Search Console reports the value as **"Invalid
date"**. The sitemap XSD alone would accept it (`xsd:dateTime` makes the zone optional), which is
why schema validation does not catch it. And a time without its zone is ambiguous: it could name
any instant across more than a day.

Values that are wrong in other ways are `lastmod-invalid` (SM401); a value gets one of the two.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2024-05-31T10:00:00</lastmod>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2024-05-31T10:00:00+02:00</lastmod>
</url>
```
)md",
                         .authorities = kSitemapsOrg | kW3cDatetime | kGoogle,
                         .search_console = "Invalid date"};

class LastmodMissingTimezone final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryLastmodUnusual); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind == EntryKind::Other || !entry.lastmod.present) return;
    const std::string_view value = entry.lastmod.trimmed();
    const auto& parsed = entry.lastmod_parsed().value;
    if (!parsed || !parsed->has_time || parsed->has_timezone) return;
    const Span span = value_span(entry.lastmod);
    // Without seconds the XSD rejects the value anyway (lastmod-reduced-precision says so).
    const std::string_view xsd =
        parsed->precision == DatePrecision::Minute ? "" : " (the sitemap XSD alone would accept it)";
    out.report({.at = span,
                .message = "<lastmod> " + quoted(value) +
                           " has a time but no time zone: the W3C Datetime note requires one and Search Console "
                           "reports \"Invalid date\"" +
                           std::string(xsd) + "; append the zone the time was recorded in, e.g. " +
                           quoted(std::string(value) + "Z") + " if it is UTC"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(lastmod_missing_timezone, kMeta, LastmodMissingTimezone)
