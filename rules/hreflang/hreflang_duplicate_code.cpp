// LANG111 hreflang-duplicate-code: one <url> gives two different alternates for one code.
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "One <url> names two different alternates for the same hreflang code",
                         .docs = R"md(
## What it does
Reports a link whose `hreflang` code (compared case-insensitively) an earlier link of the same
`<url>` already gives to a different URL: `en` for both `/en/` and `/en-gb/`. URLs are compared
after normalisation (scheme and host case, default ports, escapes). The same code to the same URL
twice is `hreflang-duplicate-link`'s.

## Why it matters
A cluster says which page serves which language or region; two pages for one code contradict
each other, and search engines pick one of them, or neither. Google states no rule for it, hence a
warning: give the second page its own region (`en-GB`), or drop one link.

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en-gb/"/>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  <xhtml:link rel="alternate" hreflang="en-GB" href="https://example.com/en-gb/"/>
  <xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/en/"/>
</url>
```
)md",
                         .authorities = kGoogle | kAdvice};

class HreflangDuplicateCode final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.urls({UrlFieldKind::HreflangHref});  // EntryLinks notes the links' URLs
    s.entries_with_extensions(kXhtmlNamespace);  // pages with links only
  }
  void on_url(const UrlField& url, FindingSink&) override { links_.note_url(url); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    const std::span<const HreflangLink> links = links_.read(entry);
    if (links.size() < 2) return;
    compared_.clear();
    codes_.clear();
    pairs_.clear();
    for (std::size_t i = 0; i < links.size(); ++i) {
      if (!links[i].comparable()) continue;
      compared_.push_back(&links[i]);
      codes_.push_back(links[i].code_key);
      pairs_.emplace_back(links[i].code_key, links[i].target);
    }
    find_first_occurrences<std::uint64_t>(codes_, &first_code_, &order_);
    find_first_occurrences<std::pair<std::uint64_t, std::uint64_t>>(pairs_, &first_pair_, &order_);
    for (std::size_t k = 0; k < compared_.size(); ++k) {
      // A repeat of an earlier link is LANG112's; a first of its code is fine.
      if (first_pair_[k] != k || first_code_[k] == k) continue;
      const HreflangLink& link = *compared_[k];
      const HreflangLink& first = *compared_[first_code_[k]];
      const std::string code = code_text(link.code_key);
      const Span span = value_span(link.hreflang->value);
      out.report({.at = span,
                  .message = "hreflang " + quoted(code) + " already points to " + quoted(first.href_analysis->trimmed) +
                             "; one alternate per code: drop one link, or give each its own region",
                  .related = RelatedLocation{value_span(first.hreflang->value).offset,
                                             "the first link for " + quoted(code), ""}});
    }
  }

 private:
  EntryLinks links_;
  std::vector<const HreflangLink*> compared_;  // the links that are alternates without errors
  std::vector<std::uint64_t> codes_;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs_;  // (code, target)
  std::vector<std::size_t> first_code_, first_pair_, order_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_duplicate_code, kMeta, HreflangDuplicateCode)
