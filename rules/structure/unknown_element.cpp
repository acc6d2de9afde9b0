// SM104 unknown-element: an element of the sitemap namespace where the schema has none.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An element of the sitemap namespace that the protocol does not define there",
                         .docs = R"md(
## What it does
Reports elements in the sitemaps.org namespace that the schema does not allow where they stand: a
`<foo>` or a stray `<lastmod>` directly in `<urlset>`/`<sitemapindex>`, an unknown child of
`<url>`, a `<changefreq>` or `<priority>` inside an index's `<sitemap>` (which has only `<loc>` and
`<lastmod>`), and any element inside a value such as `<loc>`. Elements of other namespaces (image,
video, news, hreflang extensions) are not reported by this rule.

## Why it matters
Validating consumers reject the file; lenient ones silently drop what they do not know, so the
data you meant to publish never arrives. A typo such as `<lastmodified>` is the usual cause.

## Example
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmodified>2024-05-01</lastmodified>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/</loc>
  <lastmod>2024-05-01</lastmod>
</url>
```
)md",
                         .authorities = kSitemapsOrg | kSitemapXsd};

class UnknownElement final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.elements(Subscriptions::kAnyNamespace, {}, kElementOffSchema); }
  void on_element(const Element& e, FindingSink& out) override {
    if (e.depth == 2 && e.in_sitemap_ns) {
      const std::string_view l = e.local_name;
      if (l == "url" || l == "sitemap" || l == "sitemapindex") return;  // other rules judge those
      report(e, out,
             "unknown element <" + std::string(e.qualified_name) + "> in <" + std::string(e.parent->qualified_name) +
                 ">, which holds only " + (e.parent->local_name == "sitemapindex" ? "<sitemap>" : "<url>") +
                 " entries");
      return;
    }
    if (e.depth == 3 && e.in_sitemap_ns && is_entry_element(e.parent)) {
      const FieldId id = field_id(e.local_name);
      const bool in_index_entry = e.parent->local_name == "sitemap";
      if (id == FieldId::Unknown) {
        report(e, out,
               "unknown element <" + std::string(e.qualified_name) + "> in <" + std::string(e.parent->local_name) +
                   ">; allowed: " + (in_index_entry ? "loc, lastmod" : "loc, lastmod, changefreq, priority"));
      } else if (in_index_entry && (id == FieldId::Changefreq || id == FieldId::Priority)) {
        report(e, out,
               "<" + std::string(e.local_name) +
                   "> is not allowed in an index's <sitemap>, which has only <loc> and <lastmod>");
      }
      return;
    }
    if (e.depth == 4 && is_field_of_entry(e.parent)) {
      report(e, out,
             "element <" + std::string(e.qualified_name) + "> inside <" + std::string(e.parent->local_name) +
                 ">, which holds text only");
    }
  }

 private:
  static void report(const Element& e, FindingSink& out, std::string message) {
    out.report({.at = {e.offset, e.qualified_name.size() + 1}, .message = std::move(message)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(unknown_element, kMeta, UnknownElement)
