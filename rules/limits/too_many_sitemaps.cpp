// SM703 too-many-sitemaps: an index with more than 50,000 <sitemap> entries.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "More than 50,000 <sitemap> entries in one sitemap index",
                         .docs = R"md(
## What it does
Reports the 50,001st `<sitemap>` of a sitemap index, once.

## Why it matters
The protocol limits an index to 50,000 sitemaps; search engines ignore the rest. Submit several
index files instead (an index may not list another index).

## Example
```text
<sitemapindex> with 50,001 <sitemap> entries
```

## Use instead
```text
sitemap_index-1.xml and sitemap_index-2.xml with at most 50,000 <sitemap> each, both submitted
```
)md",
                         .authorities = kSitemapsOrg | kGoogle | kBing,
                         .search_console = "Too many sitemaps"};

class TooManySitemaps final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryPastLimit); }
  void on_entry(const Entry& entry, FindingSink& out) override {
    report_past_limit(EntryKind::Sitemap, entry, out, "split the index and submit each part");
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(too_many_sitemaps, kMeta, TooManySitemaps)
