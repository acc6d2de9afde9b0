// NEWS303 news-language-chinese-unspecified: <news:language> zh, which does not say which Chinese script.
#include "rules/news/utils/news_values.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A <news:language> is 'zh' instead of zh-cn or zh-tw",
                         .docs = R"md(
## What it does
Reports a `<news:language>` whose value is `zh`.

## Why it matters
Google: "Exception: For Simplified Chinese, use zh-cn and for Traditional Chinese, use zh-tw."
The XSD's pattern accepts `zh`, so validators do not object, but Google's documentation asks for
the script, which `zh` does not give. Which one is right only the publisher knows, so there is no
fix.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>Example Daily</news:name>
        <news:language>zh</news:language>
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
        <news:name>Example Daily</news:name>
        <news:language>zh-cn</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Harbour ferry opens</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

class NewsLanguageChineseUnspecified final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const ExtensionNode* language = is_page_entry(entry) ? news_language(block) : nullptr;
    if (!language || language->text.trimmed() != "zh") return;
    const Span span = value_span(language->text);
    out.report({.at = span,
                .message = "<" + std::string(language->qualified_name) +
                           "> 'zh': Google asks for zh-cn (Simplified Chinese) or zh-tw (Traditional Chinese)"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_language_chinese_unspecified, kMeta, NewsLanguageChineseUnspecified)
