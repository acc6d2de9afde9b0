// LANG114 hreflang-x-default-missing: a cluster of several languages without an x-default.
#include <algorithm>

#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .summary = "A <url> with alternates for several languages but no x-default",
                         .docs = R"md(
## What it does
Notes a `<url>` whose links name at least two different language codes and none of them
`x-default`. Only the first such `<url>` of a file is reported, with how many there are, to keep
large files readable.

## Why it matters
Google recommends a fallback page for users whose language matches none of the alternates:
`hreflang="x-default"`, often a language chooser or the international version. Without one, such
users get whichever version search engines guess. It is a recommendation, not a requirement.

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
  <xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/en/"/>
</url>
```
)md",
                         .authorities = kGoogle | kAdvice};

class HreflangXDefaultMissing final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.entries_with_extensions(kXhtmlNamespace);  // pages with links only
    s.finish();
  }

  void on_entry(const Entry& entry, FindingSink&) override {
    if (entry.kind != EntryKind::Url || entry.extensions.empty()) return;
    codes_.clear();
    for (const ExtensionBlock& block : entry.extensions) {
      const bool alternate = is_link_block(block) && rel_is_alternate(block.root().attribute("rel"));
      const Attribute* hreflang = alternate ? block.root().attribute("hreflang") : nullptr;
      if (!hreflang) continue;
      const std::uint64_t code = code_facts(trim_xml_space(hreflang->value.value)).key;
      if (code == kXDefaultCode) return;
      if (code != kNoCode) codes_.push_back(code);
    }
    std::sort(codes_.begin(), codes_.end());
    codes_.erase(std::unique(codes_.begin(), codes_.end()), codes_.end());
    if (codes_.size() < 2) return;
    if (entries_++ == 0) {
      first_ = entry.element->offset;
      first_length_ = entry.element->qualified_name.size() + 1;
      first_codes_ = codes_.size();
    }
  }

  void absorb(Rule& later_rule, FindingSink&) override {
    const auto& later = static_cast<HreflangXDefaultMissing&>(later_rule);
    if (entries_ == 0) {
      first_ = later.first_;
      first_length_ = later.first_length_;
      first_codes_ = later.first_codes_;
    }
    entries_ += later.entries_;
  }

  void on_finish(const Document&, FindingSink& out) override {
    if (entries_ == 0) return;
    std::string message = "this <url> has alternates for " + std::to_string(first_codes_) +
                          " language codes but no x-default for visitors of other languages";
    if (entries_ > 1) message += " (" + grouped(entries_) + " entries in this file lack one)";
    out.report(
        {.at = {first_, first_length_},
         .message = message + "; consider an alternate with hreflang=\"x-default\", such as a language chooser"});
  }

 private:
  std::vector<std::uint64_t> codes_;
  std::size_t entries_ = 0, first_ = 0, first_length_ = 0, first_codes_ = 0;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_x_default_missing, kMeta, HreflangXDefaultMissing)
