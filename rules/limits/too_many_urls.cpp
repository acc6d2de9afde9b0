// SM701 too-many-urls: a urlset with more than 50,000 <url> entries.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "More than 50,000 <url> entries in one sitemap",
                         .docs = R"md(
## What it does
Reports the 50,001st `<url>` of a sitemap, once.

## Why it matters
The protocol limits a sitemap to 50,000 URLs; search engines ignore the rest or reject the file
("Too many URLs" in Search Console). Split the sitemap and list the parts in a sitemap index.

## Example
```text
<urlset> with 50,001 <url> entries
```

## Use instead
```text
sitemap-1.xml and sitemap-2.xml with at most 50,000 <url> each, listed in sitemap_index.xml
```
)md",
                         .authorities = kSitemapsOrg | kGoogle | kBing,
                         .search_console = "Too many URLs"};

class TooManyUrls final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.entries_showing(kEntryPastLimit); }
  void on_entry(const Entry& entry, FindingSink& out) override {
    report_past_limit(EntryKind::Url, entry, out, "split the sitemap and list the parts in a sitemap index");
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(too_many_urls, kMeta, TooManyUrls)
