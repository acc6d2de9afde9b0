// LANG103 hreflang-outside-url: an <xhtml:link> that is not directly in a <url>.
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An <xhtml:link> outside any <url>",
                         .docs = R"md(
## What it does
Reports an `<xhtml:link>` whose parent is not a `<url>`: one directly in `<urlset>` or
`<sitemapindex>`, in an index's `<sitemap>`, or inside an element of an unknown extension. (Elements
inside an `<xhtml:link>` are `hreflang-unknown-element`'s; a link inside `<image:image>`,
`<video:video>` or `<news:news>` is reported once, by that family's unknown-element rule.)

## Why it matters
A hreflang annotation belongs to the page of its `<url>`. Anywhere else it annotates no page and
Google ignores it; usually a generator closed the `</url>` too early.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  <url>
    <loc>https://example.com/en/</loc>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://example.com/en/</loc>
    <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

bool is_url_entry(const Element& e) { return e.depth == 2 && e.in_sitemap_ns && e.local_name == "url"; }
bool is_link(const Element& e) { return same_namespace(e.ns, kXhtmlNamespace) && e.local_name == "link"; }
// The families whose unknown-element rules report what their blocks hold that they do not define.
bool in_checked_family(const Element& e) {
  return e.ns == kImageNamespace || e.ns == kVideoNamespace || e.ns == kNewsNamespace;
}

class HreflangOutsideUrl final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.document();
    s.elements(kXhtmlNamespace, "link");
  }
  void on_document(const Document& doc, FindingSink&) override {
    in_sitemap_ = doc.kind == DocumentKind::UrlSet || doc.kind == DocumentKind::SitemapIndex;
  }
  void on_element(const Element& e, FindingSink& out) override {
    if (!in_sitemap_ || !e.parent || is_url_entry(*e.parent)) return;
    for (const Element* up = e.parent; up; up = up->parent) {
      if (is_link(*up)) return;  // content of a link: hreflang-unknown-element
      if (in_checked_family(*up)) return;  // image-unknown-element and its kind report it
    }
    out.report(
        {.at = {e.offset, e.qualified_name.size() + 1},
         .message = "<" + std::string(e.qualified_name) + "> in <" + std::string(e.parent->qualified_name) +
                    "> is outside any <url>: it annotates no page and is ignored; move it into the <url> of its page"});
  }

 private:
  bool in_sitemap_ = false;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_outside_url, kMeta, HreflangOutsideUrl)
