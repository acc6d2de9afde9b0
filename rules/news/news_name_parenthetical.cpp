// NEWS309 news-name-parenthetical: a <news:name> that ends in a parenthetical, which Google asks to leave out.
#include "rules/news/utils/news_schema.h"
#include "rules/news/utils/news_values.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .fixes = Fixes::Always,
                         .summary = "A <news:name> ends in a parenthetical, which Google asks to leave out",
                         .docs = R"md(
## What it does
Reports a `<news:name>` whose value ends in a parenthetical, such as `The Example Times (Online)`
or `Example (UK) (beta)`, in ASCII or full-width parentheses (`日本経済新聞（電子版）`). The fix
removes the trailing parentheticals and the white space before them.

## Why it matters
Google's news sitemap documentation, on `<news:name>`: "The name of the news publication. It must
exactly match the name as it appears on your articles on news.google.com, omitting any trailing
parentheticals." The documentation inside the news XSD says the same. Google matches the name to
the publication; a name with a suffix Google News does not show is a name it may not match.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>The Example Times (Online)</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Harbour ferry opens</news:title>
    </news:news>
  </url>
</urlset>
```

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
      <news:title>Harbour ferry opens</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

class NewsNameParenthetical final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const ExtensionNode* name = is_page_entry(entry) ? news_name(block) : nullptr;
    if (!name) return;
    const std::string_view written = name->text.trimmed();
    const std::string_view bare = without_trailing_parenthetical(written);
    if (bare.size() == written.size()) return;
    const std::string kept(bare);
    out.report({.at = value_span(name->text),
                .message = "<" + std::string(name->qualified_name) + "> " + quoted(written) +
                           " ends in a parenthetical; Google asks for the name as on news.google.com, \"omitting "
                           "any trailing parentheticals\": write " +
                           quoted(kept),
                .fix = name->text.replace_value(kept, "remove the trailing parenthetical")});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_name_parenthetical, kMeta, NewsNameParenthetical)
