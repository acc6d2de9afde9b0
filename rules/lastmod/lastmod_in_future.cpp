// SM404 lastmod-in-future: a <lastmod> more than a day after the present.
#include "rules/rule_support.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <lastmod> lies in the future",
                         .docs = R"md(
## What it does
Reports a `<lastmod>` (in `<url>` or `<sitemap>` entries) whose instant is more than 24 hours after
the present. A value counts from the earliest instant it can mean: `2025` is 1 January 2025,
00:00 UTC, and `2025-03-01` is the start of that day in UTC; a time without a zone (itself an
error, SM402) is read as UTC.

The 24 hours of slack absorb time zones (a date is a day in *some* zone, and offsets reach
+14:00) and ordinary clock skew between the machine that wrote the sitemap and the one that checks
it, so only dates that are really in the future are reported. `--now` sets the present, which
makes results repeatable in tests and CI.

## Why it matters
A page cannot have changed in the future. Such dates come from a wrong clock, a time zone applied
twice, a publication date scheduled ahead, or a template that writes a placeholder. Google uses
`<lastmod>` only when it is consistently and verifiably accurate, so future dates can make it
distrust the lastmod of the whole site.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2099-12-31</lastmod>
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
                         .authorities = kGoogle | kBing};

constexpr std::int64_t kSlackSeconds = 24 * 60 * 60;

class LastmodInFuture final : public Rule {
 public:
  explicit LastmodInFuture(const RuleSettings& settings) : now_(settings.now) {}
  void subscribe(Subscriptions& s) const override { s.entries(); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    if (entry.kind == EntryKind::Other || !entry.lastmod.present) return;
    const std::string_view value = entry.lastmod.trimmed();
    const auto& parsed = entry.lastmod_parsed().value;
    if (!parsed) return;
    const std::int64_t ahead = to_unix_seconds(*parsed) - now_;
    if (ahead <= kSlackSeconds) return;
    const Span span = value_span(entry.lastmod);
    out.report({.at = span,
                .message = "<lastmod> " + quoted(value) + " is in the future: " + time_span(ahead) + " after now (" +
                           format_utc(now_) +
                           "); check the clock and time zone handling of whatever writes the sitemap, and give the "
                           "time the page last changed (Google ignores lastmod it finds inaccurate)"});
  }

 private:
  std::int64_t now_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(lastmod_in_future, kMeta, LastmodInFuture)
