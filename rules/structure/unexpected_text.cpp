// SM111 unexpected-text: text directly inside <urlset>, <sitemapindex>, <url> or <sitemap>.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "Text directly inside an element that holds only elements",
                         .docs = R"md(
## What it does
Reports text (other than white space) placed directly in `<urlset>`, `<sitemapindex>`, `<url>` or
`<sitemap>`, which contain only child elements: a URL written without its `<loc>`, a leftover
template placeholder, or a stray character after a closing tag.

## Why it matters
The schema gives these elements element-only content, so validation fails; crawlers ignore the
text, so a URL written there is never seen.

## Example
A template that joins the entries with commas:
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/a</loc></url>,
  <url><loc>https://example.com/b</loc></url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/a</loc></url>
  <url><loc>https://example.com/b</loc></url>
</urlset>
```
)md",
                         .authorities = kSitemapXsd};

bool element_only(const Element& e) {
  if (!e.in_sitemap_ns) return false;
  if (e.depth == 1) return e.local_name == "urlset" || e.local_name == "sitemapindex";
  if (e.depth == 2) return e.local_name == "url" || e.local_name == "sitemap";
  return false;
}

class UnexpectedText final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.text_up_to_depth(2); }
  void on_text(const TextRun& run, FindingSink& out) override {
    if (run.kind == TextKind::AttributeValue || !element_only(*run.parent)) return;
    const auto first = run.raw.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return;
    const auto last = run.raw.find_last_not_of(" \t\r\n");
    const std::string_view text = run.raw.substr(first, last - first + 1);
    out.report({.at = {run.offset + first, text.size()},
                .message = "text " + quoted(text, 60) + " directly inside <" + std::string(run.parent->local_name) +
                           ">, which holds only elements" +
                           (run.parent->depth == 2 ? " (a URL belongs in a <loc>)" : "")});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(unexpected_text, kMeta, UnexpectedText)
