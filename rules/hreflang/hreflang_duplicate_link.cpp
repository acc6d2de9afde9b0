// LANG112 hreflang-duplicate-link: the same link (code and URL) twice in one <url>.
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Info,
                         .fixes = Fixes::Sometimes,
                         .summary = "One <url> repeats an hreflang link (same code, same URL)",
                         .docs = R"md(
## What it does
Reports a link that repeats an earlier link of the same `<url>`: the same `hreflang` code (in any
case) to the same URL (after normalisation). The fix deletes the repeat, with its line when it
stands alone on one; it is offered for an empty `<xhtml:link .../>` element.

## Why it matters
Nothing breaks, but the repeat adds nothing and usually means two parts of a generator emit the
same alternates.

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
</url>
```
)md",
                         .authorities = kAdvice};

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// The end of the empty element whose '<' is at `start` ("<x .../>"), skipping quoted attribute
// values; npos when it is not empty (it has content or an end tag). A value ends at its quote, or
// at the NUL a parse in place wrote over it (values hold no NUL).
std::size_t empty_element_end(std::string_view bytes, std::size_t start) {
  bool quoted = false;
  char quote = '\0';
  for (std::size_t i = start + 1; i < bytes.size(); ++i) {
    const char c = bytes[i];
    if (quoted) {
      if (c == quote || c == '\0') quoted = false;
    } else if (c == '"' || c == '\'') {
      quoted = true;
      quote = c;
    } else if (c == '>') {
      return bytes[i - 1] == '/' ? i + 1 : std::string_view::npos;
    }
  }
  return std::string_view::npos;
}

// Deletes the element at [start, end), and its whole line when nothing else is on it.
std::optional<Fix> deletion(std::string_view bytes, std::size_t start, std::size_t end) {
  std::size_t from = start, to = end;
  while (from > 0 && is_blank(bytes[from - 1])) --from;
  std::size_t after = to;
  while (after < bytes.size() && is_blank(bytes[after])) ++after;
  const bool line_start = from == 0 || bytes[from - 1] == '\n';
  if (line_start && after < bytes.size() && (bytes[after] == '\n' || bytes[after] == '\r')) {
    to = after + (bytes.compare(after, 2, "\r\n") == 0 ? 2 : 1);
  } else {
    from = start;
  }
  return Fix{from, to - from, "", "delete the repeated link"};
}

class HreflangDuplicateLink final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.document();
    s.urls({UrlFieldKind::HreflangHref});  // EntryLinks notes the links' URLs
    s.entries_with_extensions(kXhtmlNamespace);  // pages with links only
  }
  void on_document(const Document& doc, FindingSink&) override { bytes_ = doc.bytes; }
  void on_url(const UrlField& url, FindingSink&) override { links_.note_url(url); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    const std::span<const HreflangLink> links = links_.read(entry);
    if (links.size() < 2) return;
    compared_.clear();
    pairs_.clear();
    for (const HreflangLink& link : links) {
      if (!link.comparable()) continue;
      compared_.push_back(&link);
      pairs_.emplace_back(link.code_key, link.target);
    }
    find_first_occurrences<std::pair<std::uint64_t, std::uint64_t>>(pairs_, &first_pair_, &order_);
    for (std::size_t k = 0; k < compared_.size(); ++k) {
      if (first_pair_[k] == k) continue;
      const HreflangLink& link = *compared_[k];
      const std::size_t start = link.node->offset;
      const std::size_t end =
          link.node->has_element_children ? std::string_view::npos : empty_element_end(bytes_, start);
      std::optional<Fix> fix;
      if (end != std::string_view::npos) fix = deletion(bytes_, start, end);
      out.report({.at = {start, tag_length(*link.node)},
                  .message = "this <url> already has the link hreflang " + quoted(code_text(link.code_key)) + " to " +
                             quoted(link.href_analysis->trimmed) + "; remove the repeat",
                  .fix = std::move(fix),
                  .related = RelatedLocation{compared_[first_pair_[k]]->node->offset, "the first such link", ""}});
    }
  }

 private:
  std::string_view bytes_;
  EntryLinks links_;
  std::vector<const HreflangLink*> compared_;  // the links that are alternates without errors
  std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs_;  // (code, target)
  std::vector<std::size_t> first_pair_, order_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_duplicate_link, kMeta, HreflangDuplicateLink)
