// LANG102 hreflang-unknown-element: an XHTML element in <url> other than <xhtml:link>, or any
// element inside a link.
#include "analysis/edit_distance.h"
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/hreflang/utils/link_traits.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An XHTML element in <url> that is not an <xhtml:link>, or content inside a link",
                         .docs = R"md(
## What it does
Reports an element of the XHTML namespace directly in a `<url>` other than `<xhtml:link>` (such
as `<xhtml:a>`, or `<xhtml:Link>` with a capital letter), and any element inside an
`<xhtml:link>`, which has no content.

## Why it matters
Google reads only `<xhtml:link rel="alternate" hreflang="..." href="..."/>` in a sitemap. Other
XHTML elements are ignored, so the alternate they were meant to declare does not exist for
search engines. (The XHTML schema itself would accept them, hence a warning.)

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
  <xhtml:a hreflang="de" href="https://example.com/de/">Deutsch</xhtml:a>
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
                         .authorities = kGoogle};

class HreflangUnknownElement final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kXhtmlNamespace, {}, links_showing(0)); }

  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (entry.kind != EntryKind::Url) return;
    const ExtensionNode& root = block.root();
    const std::string link = element_name(block, "link");
    if (!is_link_block(block)) {
      std::string message =
          "<" + std::string(root.qualified_name) + "> in <url> is not a hreflang annotation and is ignored";
      if (edit_distance(root.local_name, "link") == 0) message += "; element names are case-sensitive";
      out.report({.at = {root.offset, tag_length(root)},
                  .message = message + "; use " + link.substr(0, link.size() - 1) +
                             " rel=\"alternate\" hreflang=\"...\" href=\"...\"/>"});
      return;
    }
    block.for_each_child(0, [&](const ExtensionNode& child) {
      out.report({.at = {child.offset, tag_length(child)},
                  .message = "<" + std::string(child.qualified_name) + "> inside " + link +
                             " is ignored: a hreflang link has no content, only its rel, hreflang and href"});
    });
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_unknown_element, kMeta, HreflangUnknownElement)
