// SM201 loc-empty: <loc> is empty or holds only white space.
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "<loc> is empty or only white space",
                         .docs = R"md(
## What it does
Reports a `<loc>` that holds no URL at all: `<loc></loc>`, `<loc/>`, or only spaces, tabs and line
breaks. A `<url>` or `<sitemap>` without any `<loc>` element is `missing-loc`. In an RSS or Atom
feed, each item's link is its `<loc>`: an empty RSS `<link>` or Atom `href=""` is reported too.

## Why it matters
`<loc>` is the one required field of an entry: without a URL the entry says nothing, and search
engines drop it (Google Search Console files such values under "Invalid URL"). An empty `<loc>`
usually means the generator found no URL for a record, for example an unpublished page, and wrote
the entry anyway.

## Example
```xml
<url>
  <loc></loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/page</loc>
</url>
```
Or leave the entry out when the page has no URL.
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd | kGoogle,
                         .search_console = "Invalid URL"};

class LocEmpty final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlNotHttp); }

  void on_url(const UrlField& url, FindingSink& out) override {
    if (url.analysis().shape != UrlShape::Empty) return;
    const Field& loc = *url.field;
    std::string message = std::string(url.label) + (loc.value.empty() ? " is empty" : " holds only white space");
    if (url.kind == UrlFieldKind::Loc) {
      const bool page = url.entry->kind == EntryKind::Url;
      message += std::string("; write the absolute URL of the ") + (page ? "page" : "sitemap") +
                 " (e.g. 'https://example.com/" + (page ? "page" : "sitemap.xml") + "'), or leave the entry out";
    } else {
      message += "; write an absolute URL, or leave the element out";
    }
    // Cover the start tag and whatever text there is: there is no value to point at.
    out.report({.at = {loc.element_offset, loc.value_offset + loc.raw.size() - loc.element_offset},
                .message = message,
                .rests_on = url_finding_authorities(url, kMeta.authorities)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_empty, kMeta, LocEmpty)
