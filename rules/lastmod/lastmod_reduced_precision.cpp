// SM403 lastmod-reduced-precision: a <lastmod> that W3C Datetime allows but the sitemap XSD does not.
#include "rules/rule_support.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <lastmod> is less precise than the sitemap XSD accepts",
                         .docs = R"md(
## What it does
Reports a `<lastmod>` (in `<url>` or `<sitemap>` entries) written in one of the W3C Datetime forms
that the sitemap XSD rejects:

- `YYYY` (a year) and `YYYY-MM` (a month): the XSD's `tLastmod` is `xsd:date` or `xsd:dateTime`,
  so it needs at least a full date;
- `YYYY-MM-DDThh:mm` (a time without seconds, with or without its zone): `xsd:dateTime` requires
  `hh:mm:ss`. The fix appends `:00` seconds. A missing zone is reported too, by
  `lastmod-missing-timezone`.

## Why it matters
The sitemaps.org protocol says `<lastmod>` uses W3C Datetime, and the note allows all of these
forms, so this is a warning, not an error. But the protocol's own XSD rejects them, so any
consumer that validates against the schema drops the value (or the file), and a year or a month
tells a crawler little about when the page changed.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2024-05</lastmod>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2024-05-31</lastmod>
</url>
```
)md",
                         .authorities = kSitemapXsd};

class LastmodReducedPrecision final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryLastmodUnusual); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind == EntryKind::Other || !entry.lastmod.present) return;
    const std::string_view value = entry.lastmod.trimmed();
    const auto& parsed = entry.lastmod_parsed().value;
    if (!parsed) return;
    const DatePrecision precision = parsed->precision;
    if (precision != DatePrecision::Year && precision != DatePrecision::Month && precision != DatePrecision::Minute)
      return;
    const Span span = value_span(entry.lastmod);
    const std::string xsd =
        "the sitemap XSD accepts only a full date or date-time (xsd:date, "
        "xsd:dateTime), so schema validators reject it; write the day the page changed "
        "as YYYY-MM-DD";
    switch (parsed->precision) {
      case DatePrecision::Year:
        out.report(
            {.at = span,
             .message = "<lastmod> " + quoted(value) + " gives only a year: W3C Datetime allows it, but " + xsd});
        return;
      case DatePrecision::Month:
        out.report({.at = span,
                    .message = "<lastmod> " + quoted(value) +
                               " gives only a year and month: W3C Datetime allows it, but " + xsd});
        return;
      case DatePrecision::Minute: {
        constexpr std::size_t kAfterMinutes = 16;  // YYYY-MM-DDThh:mm
        std::string seconds(value);
        seconds.insert(kAfterMinutes, ":00");
        std::optional<Fix> fix;
        if (entry.lastmod.exact) fix = Fix{span.offset + kAfterMinutes, 0, ":00", "add ':00' seconds"};
        out.report({.at = span,
                    .message = "<lastmod> " + quoted(value) +
                               " has no seconds: W3C Datetime allows hh:mm, but the sitemap XSD's xsd:dateTime "
                               "requires hh:mm:ss, so schema validators reject it; write " +
                               quoted(seconds),
                    .fix = std::move(fix)});
        return;
      }
      default: return;
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(lastmod_reduced_precision, kMeta, LastmodReducedPrecision)
