// NEWS402 news-deprecated-value-invalid: a value the XSD rejects in <news:access>, <news:genres> or <news:stock_tickers>.
#include <algorithm>
#include <cctype>

#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <news:access>, <news:genres> or <news:stock_tickers> value the news XSD rejects",
                         .docs = R"md(
## What it does
Checks the values of three tags Google no longer documents against the news XSD:
- `<news:access>`: `Subscription` or `Registration` (case-sensitive);
- `<news:genres>`: a comma-separated list of `PressRelease`, `Satire`, `Blog`, `OpEd`, `Opinion`,
  `UserGenerated` (spaces allowed after each comma);
- `<news:stock_tickers>`: at most five tickers `EXCHANGE:SYMBOL`, separated by commas.

White space around a value that is otherwise right is reported too: these types are
`xsd:string`, whose white space the XSD keeps, so ` Subscription ` is not `Subscription`; the fix
removes it. `<news:keywords>` is free text and not checked.

## Why it matters
Google most likely ignores these tags now (`news-deprecated-tag`), which is why this is a
warning, but schema validators and other consumers still read them and reject these values. Fix
the value, or remove the tag.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <!-- sitemaplint-disable-next-line news-deprecated-tag -->
      <news:genres>Blog, Tech</news:genres>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```
(`news-deprecated-tag` notes every `<news:genres>` too; the comment silences it here.)

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kExtensionXsd};

constexpr std::string_view kGenres[] = {"PressRelease", "Satire", "Blog", "OpEd", "Opinion", "UserGenerated"};

// The XSD's \w: any character but punctuation, separators and controls. ASCII letters, digits and
// symbols such as '$', and (approximately) every non-ASCII byte; not '_', '-' or '.'.
bool is_word_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || std::isalnum(u) || std::string_view("$+<=>^`|~").find(c) != std::string_view::npos;
}

// Whether `value` is items separated by "," and any spaces, each accepted by `item`; `max` items
// at most.
template <typename Item>
bool is_list(std::string_view value, std::size_t max, Item item) {
  std::size_t count = 0;
  while (true) {
    const std::size_t comma = value.find(',');
    if (!item(value.substr(0, comma)) || ++count > max) return false;
    if (comma == std::string_view::npos) return true;
    value.remove_prefix(comma + 1);
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  }
}

bool is_ticker(std::string_view t) {
  const std::size_t colon = t.find(':');
  if (colon == 0 || colon == std::string_view::npos || colon + 1 == t.size()) return false;
  return std::all_of(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(colon), is_word_char) &&
         std::all_of(t.begin() + static_cast<std::ptrdiff_t>(colon) + 1, t.end(), is_word_char);
}

// What the XSD wants instead of `value` in the deprecated tag `name`; empty when it accepts it.
std::string_view expected(std::string_view name, std::string_view value) {
  if (name == "access") {
    return value == "Subscription" || value == "Registration"
               ? ""
               : "is not 'Subscription' or 'Registration' (case-sensitive)";
  }
  if (name == "genres") {
    const auto genre = [](std::string_view g) {
      return std::find(std::begin(kGenres), std::end(kGenres), g) != std::end(kGenres);
    };
    return is_list(value, static_cast<std::size_t>(-1), genre)
               ? ""
               : "is not a comma-separated list of PressRelease, Satire, Blog, OpEd, Opinion, UserGenerated";
  }
  if (name == "stock_tickers") {
    return value.empty() || is_list(value, 5, is_ticker) ? ""
                                                         : "is not a list of at most five EXCHANGE:SYMBOL tickers "
                                                           "separated by commas, such as 'NASDAQ:AMAT, BOM:500325'";
  }
  return "";
}

class NewsDeprecatedValueInvalid final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (!is_page_entry(entry) || !is_family_block(kNewsFamily, block)) return;
    for (std::string_view name : {"access", "genres", "stock_tickers"}) {
      const ExtensionNode* node = child_of(block, 0, kNewsNamespace, name);
      if (!node) continue;
      const std::string_view value = node->text.trimmed();
      const std::string_view problem = expected(name, value);
      const Span span = value_span(node->text);
      if (problem.empty()) {
        if (value.empty() || value == node->text.value) continue;
        out.report({.at = {node->text.value_offset, node->text.raw.size()},
                    .message = "<" + std::string(node->qualified_name) + "> " + quoted(node->text.value) +
                               " has white space around " + quoted(value) +
                               ", which the news XSD keeps and rejects; write " + quoted(value),
                    .fix = node->text.replace_value(value, "remove the white space")});
        continue;
      }
      out.report({.at = span,
                  .message = "<" + std::string(node->qualified_name) + "> " + quoted(value) + " " +
                             std::string(problem) +
                             ", as the news XSD requires; Google no longer documents the tag, so fix the value for "
                             "other consumers or remove the tag"});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_deprecated_value_invalid, kMeta, NewsDeprecatedValueInvalid)
