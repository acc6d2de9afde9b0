// SM603 priority-uniform: every <priority> in the file is the same, or all are high.
#include "rules/rule_support.h"
#include "analysis/xs_decimal.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "Every <priority> in the file is the same, or all are high",
                         .docs = R"md(
## What it does
Reports, once per file, when at least three `<url>` entries carry a `<priority>` and either all of
them are numerically equal (`1` and `1.0` count as equal) or all are 0.8 or higher. The finding
points at the first `<priority>`. It stays quiet when any priority is invalid or out of range;
those rules (SM601, SM602) speak first.

## Why it matters
sitemaps.org defines priority as relative to the other pages of the same site; it does not
compare sites. Giving every page the same value, or calling every page important, says nothing
about which pages matter most. Rank pages against each other, or leave `<priority>` out (Google
ignores it entirely).

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><priority>1.0</priority></url>
  <url><loc>https://example.com/about</loc><priority>1.0</priority></url>
  <url><loc>https://example.com/blog</loc><priority>1.0</priority></url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><priority>1.0</priority></url>
  <url><loc>https://example.com/about</loc><priority>0.5</priority></url>
  <url><loc>https://example.com/blog</loc><priority>0.8</priority></url>
</urlset>
```
)md",
                         .authorities = kAdvice};

constexpr std::size_t kMinimumEntries = 3;

class PriorityUniform final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.entries();
    s.finish();
  }

  void on_entry(const Entry& entry, FindingSink&) override {
    // Once the values neither are all one nor all high, no entry can make a finding (a lane keeps
    // its first value and its flags, all absorb() reads of it).
    if ((!all_equal_ && !all_high_) || entry.kind != EntryKind::Url || !entry.priority.present) return;
    static const XsDecimal kZero = *parse_xs_decimal("0"), kHigh = *parse_xs_decimal("0.8"),
                           kOne = *parse_xs_decimal("1");
    const auto& parsed = entry.priority_parsed();
    if (!parsed || compare(*parsed, kZero) < 0 || compare(*parsed, kOne) > 0) {
      unusable_ = true;
      return;
    }
    if (count_++ == 0) {
      first_.assign(entry.priority.trimmed());
      first_value_ = *parse_xs_decimal(first_);  // views into first_, which stays
      first_span_ = value_span(entry.priority);
    } else if (all_equal_ && compare(*parsed, first_value_) != 0) {
      all_equal_ = false;
    }
    if (all_high_ && compare(*parsed, kHigh) < 0) all_high_ = false;
  }

  void absorb(Rule& later_rule, FindingSink&) override {
    const auto& later = static_cast<PriorityUniform&>(later_rule);
    unusable_ = unusable_ || later.unusable_;
    all_high_ = all_high_ && later.all_high_;
    if (later.count_ > 0 && count_ == 0) {
      first_ = later.first_;
      first_value_ = *parse_xs_decimal(first_);  // views into first_
      first_span_ = later.first_span_;
      all_equal_ = later.all_equal_;
    } else if (later.count_ > 0) {
      all_equal_ = all_equal_ && later.all_equal_ && compare(later.first_value_, first_value_) == 0;
    }
    count_ += later.count_;
  }

  void on_finish(const Document&, FindingSink& out) override {
    if (unusable_ || count_ < kMinimumEntries || (!all_equal_ && !all_high_)) return;
    const std::string all = "all " + grouped(count_) + " <priority> values ";
    out.report({.at = first_span_,
                .message = (all_equal_ ? all + "are " + quoted(first_) : all + "are 0.8 or higher") +
                           ": priority ranks a site's pages against each other, so " +
                           (all_equal_ ? "one value for every page" : "calling every page important") +
                           " says nothing; give the pages that matter most higher values than the rest, or leave "
                           "priority out (Google ignores it)"});
  }

 private:
  std::size_t count_ = 0;
  std::string first_;
  XsDecimal first_value_;
  Span first_span_;
  bool all_equal_ = true, all_high_ = true, unusable_ = false;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(priority_uniform, kMeta, PriorityUniform)
