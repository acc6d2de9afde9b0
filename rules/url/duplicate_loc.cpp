// SM211 duplicate-loc: the same URL is listed twice in one sitemap.
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                        .summary = "The same URL is listed more than once",
                        .docs = R"md(
## What it does
Reports every `<loc>` whose URL an earlier entry of the same file already lists, and points at
that first entry. URLs are compared exactly, after entities are decoded and the white space around
them removed: `https://example.com/a` and `https://example.com/a/` are different URLs, and so are
`https://Example.com/a` and `https://example.com/a` (for the host, see `multiple-hosts`). In an
RSS or Atom feed, two items with the same link are reported alike.

## Why it matters
Each page should appear once. Repeats waste the sitemap's 50,000-URL budget, and when the copies
disagree on `<lastmod>` or `<priority>`, a search engine has to guess which one is meant. Repeats
usually come from a generator that joins several sources (posts and categories, say) without
removing duplicates.

## Example
```xml
<url>
  <loc>https://example.com/a</loc>
</url>
<url>
  <loc>https://example.com/a</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/a</loc>
</url>
```
)md",
                        .authorities = kAdvice};

class DuplicateLoc final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls(); }

  void on_url(const UrlField& url, FindingSink& out) override {
    if (url.kind != UrlFieldKind::Loc) return;  // an entry's URL; repeated images are the image rules'
    const UrlAnalysis& a = url.analysis();
    if (a.trimmed.empty()) return;
    // A 64-bit hash stands for the URL: a collision needs billions of URLs, and a sitemap holds
    // 50,000, so memory stays at one small node per URL however long the URLs are.
    const std::uint64_t hash = std::hash<std::string_view>{}(a.trimmed);
    const SourceSpan span = url_span(*url.field, a);
    const auto [it, inserted] = first_seen_.try_emplace(hash, span.offset);
    if (inserted) return;
    out.report(span.offset, span.length,
               quoted(a.trimmed) +
                   " is listed more than once; remove the repeated entry (merging its "
                   "<lastmod> into the first if it is newer)",
               std::nullopt, RelatedLocation{it->second, "first listed here"});
  }

 private:
  std::unordered_map<std::uint64_t, std::size_t> first_seen_;  // URL hash -> offset of its first <loc>
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(duplicate_loc, kMeta, DuplicateLoc)
