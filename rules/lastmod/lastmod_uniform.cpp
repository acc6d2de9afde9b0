// SM405 lastmod-uniform: every <lastmod> in the file has the same value.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "Every <lastmod> in the file has the same value",
                         .docs = R"md(
## What it does
Reports, once per file, when at least three `<url>` entries carry a `<lastmod>` and all of them are
the same text (after trimming white space). The finding points at the first `<lastmod>` and names
the count and the value. A sitemap index is left alone: when a generator writes every child
sitemap at once, one date for all of them is what happened.

## Why it matters
Identical dates everywhere usually mean the generator writes the build time or the sitemap's
own date rather than when each page changed. Google uses `<lastmod>` only when it is consistently
and verifiably accurate; a value that never varies carries no information, and Google may ignore
the site's lastmod altogether. Write the date each page's content last changed, or leave
`<lastmod>` out.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2024-05-31</lastmod></url>
  <url><loc>https://example.com/about</loc><lastmod>2024-05-31</lastmod></url>
  <url><loc>https://example.com/blog</loc><lastmod>2024-05-31</lastmod></url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2024-05-31</lastmod></url>
  <url><loc>https://example.com/about</loc><lastmod>2023-11-02</lastmod></url>
  <url><loc>https://example.com/blog</loc><lastmod>2024-05-28</lastmod></url>
</urlset>
```
)md",
                         .authorities = kGoogle | kBing};

constexpr std::size_t kMinimumEntries = 3;

class LastmodUniform final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.entries();
    s.finish();
  }

  void on_entry(const Entry& entry, FindingSink&) override {
    // An index's children are written together by most generators: one date for all is true.
    // Once the dates vary, no entry can make a finding (a lane that varies keeps its first).
    if (varies_ || entry.kind != EntryKind::Url || !entry.lastmod.present) return;
    const std::string_view value = entry.lastmod.trimmed();
    if (count_++ == 0) {
      first_.assign(value);
      first_span_ = value_span(entry.lastmod);
      // One invalid value everywhere is lastmod-invalid's finding, in every entry.
      first_valid_ = entry.lastmod_parsed().value.has_value();
    } else if (value != first_) {
      varies_ = true;
    }
  }

  void absorb(Rule& later_rule, FindingSink&) override {
    const auto& later = static_cast<LastmodUniform&>(later_rule);
    if (later.count_ > 0 && count_ == 0) {
      first_ = later.first_;
      first_span_ = later.first_span_;
      first_valid_ = later.first_valid_;
      varies_ = later.varies_;
    } else if (later.count_ > 0) {
      varies_ = varies_ || later.varies_ || later.first_ != first_;
    }
    count_ += later.count_;
  }

  void on_finish(const Document&, FindingSink& out) override {
    if (count_ < kMinimumEntries || varies_ || first_.empty() || !first_valid_) return;
    out.report({.at = first_span_,
                .message = "all " + grouped(count_) + " <lastmod> values are " + quoted(first_) +
                           ": a date that never varies does not track real changes, and Google ignores lastmod it "
                           "cannot trust; write when each page last changed, or leave lastmod out"});
  }

 private:
  std::size_t count_ = 0;
  std::string first_;
  Span first_span_;
  bool varies_ = false;
  bool first_valid_ = false;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(lastmod_uniform, kMeta, LastmodUniform)
