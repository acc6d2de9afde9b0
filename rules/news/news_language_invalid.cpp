// NEWS302 news-language-invalid: a <news:language> that is not an ISO 639 code (or zh-cn, zh-tw).
#include <algorithm>

#include "analysis/language_codes.h"
#include "rules/news/utils/news_values.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .fixes = Fixes::Sometimes,
                         .summary = "A <news:language> is not an ISO 639 language code, zh-cn or zh-tw",
                         .docs = R"md(
## What it does
Checks `<news:language>` against Google's rule: an ISO 639 code of two or three letters in
lower case (ISO 639-1 such as `en`, or ISO 639-2/3 such as `fil`), except `zh-cn` for Simplified
and `zh-tw` for Traditional Chinese. So `en-US`, `EN`, `zh-CN`, `zh-Hans`, `english`, `xx`, the
withdrawn `iw` and the special codes `und`, `mul`, `mis`, `zxx` are reported; `zh` alone is
`news-language-chinese-unspecified`. The code lists are ICU's, pinned (ISO 639-1 also has `tl`
and `bh`, which ICU leaves out).

Fixes: lower case (`EN` to `en`, `zh-CN` to `zh-cn`); a region dropped (`en-US` and `en_GB` to
`en`); `zh-Hans`, `zh-Hans-CN` and `zh-SG` to `zh-cn`, `zh-Hant` and `zh-Hant-TW` to `zh-tw`.
No fix where the language is unclear (`zh-HK` may be either script) or unknown.

## Why it matters
Google: "Use an ISO 639 language code (two or three letters). Exception: For Simplified
Chinese, use zh-cn and for Traditional Chinese, use zh-tw." The XSD's pattern
(`zh-cn|zh-tw|([a-z]{2,3})`) accepts lower case only. A BCP 47 tag such as `en-US`, which many
CMSs write, is neither; Search Console reports **"Invalid tag value"**.

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
        <news:language>en-US</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
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
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd | kBcp47,
                         .search_console = "Invalid tag value"};

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c == '_') c = '-';
  }
  return out;
}

bool is_language(std::string_view code) { return is_iso639_1(code) || is_iso639_3(code); }

struct Verdict {
  std::string message;  // what follows "<news:language> 'x' "
  std::string replacement;  // the fix's value, if one is safe
};

// What is wrong with a value Google does not accept (not zh-cn, zh-tw, zh or a lower-case code).
Verdict judge(std::string_view value) {
  const std::string lower = ascii_lower(value);
  const std::string primary = lower.substr(0, lower.find('-'));
  const std::string_view region_rule = " (only zh-cn and zh-tw carry a region)";
  if (lower == "zh-cn" || lower == "zh-tw") {
    if (value.find('_') != std::string_view::npos) return {"is not how Google writes it; use '" + lower + "'", lower};
    return {"must be lower case: '" + lower + "'", lower};
  }
  if (lower == "zh") return {"must be lower case, and Google asks for zh-cn (Simplified) or zh-tw (Traditional)", ""};
  if (lower.starts_with("zh-hans") || lower == "zh-sg") {
    return {"is not an ISO 639 code; use 'zh-cn' for Simplified Chinese", "zh-cn"};
  }
  if (lower.starts_with("zh-hant")) return {"is not an ISO 639 code; use 'zh-tw' for Traditional Chinese", "zh-tw"};
  if (primary == "zh") {
    return {"is not an ISO 639 code; use 'zh-tw' for Traditional or 'zh-cn' for Simplified Chinese", ""};
  }
  if (lower == primary && is_language(lower)) return {"must be lower case: '" + lower + "'", lower};
  if (const std::string_view current = withdrawn_iso639_1(primary); !current.empty()) {
    return {"uses the withdrawn ISO 639 code '" + primary + "'; use '" + std::string(current) + "'", ""};
  }
  if (lower != primary && is_language(primary)) {
    return {"is not an ISO 639 code; use '" + primary + "'" + std::string(region_rule), primary};
  }
  if (lower == "und" || lower == "mul" || lower == "mis" || lower == "zxx") {
    return {"is a special ISO 639 code that names no language; use the code of the publication's language, e.g. 'en'",
            ""};
  }
  return {
      "is not an ISO 639 language code; use the two- or three-letter code of the publication's language, e.g. 'en' "
      "(or zh-cn, zh-tw)",
      ""};
}

class NewsLanguageInvalid final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const ExtensionNode* language = is_page_entry(entry) ? news_language(block) : nullptr;
    if (!language) return;
    const std::string_view value = language->text.trimmed();
    const bool lower_code =
        value.size() <= 3 && std::all_of(value.begin(), value.end(), [](char c) { return c >= 'a' && c <= 'z'; });
    // Empty is news-missing-required's; zh is news-language-chinese-unspecified's.
    if (value.empty() || value == "zh-cn" || value == "zh-tw" || value == "zh" || (lower_code && is_language(value)))
      return;
    const Verdict verdict = judge(value);
    std::optional<Fix> fix;
    if (!verdict.replacement.empty())
      fix = language->text.replace_value(verdict.replacement, "replace with " + quoted(verdict.replacement));
    const Span span = value_span(language->text);
    // The XSD's pattern lets any two or three lower-case letters pass, known or not.
    const std::uint32_t rests_on =
        matches_news_xsd_language(language->text.value) ? kMeta.authorities & ~kExtensionXsd : kMeta.authorities;
    out.report({.at = span,
                .message = "<" + std::string(language->qualified_name) + "> " + quoted(value) + " " + verdict.message,
                .fix = std::move(fix),
                .rests_on = rests_on});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_language_invalid, kMeta, NewsLanguageInvalid)
