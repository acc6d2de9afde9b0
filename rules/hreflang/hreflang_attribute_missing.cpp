// LANG106 hreflang-attribute-missing: an <xhtml:link> without hreflang (or with an empty one),
// or without href.
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/hreflang/utils/link_traits.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An <xhtml:link> in <url> without hreflang or href",
                         .docs = R"md(
## What it does
Reports an `<xhtml:link>` in a `<url>` that has no `hreflang` attribute, an empty one, or no
`href` attribute: one finding for each attribute missing. (An empty `href=""` is `loc-empty`'s,
as every empty URL field is.) A link with `media` and no `hreflang` is Google's annotation of a
separate mobile page, not a hreflang one: it needs only its `href`.

## Why it matters
A hreflang annotation says which language (and optionally region) the alternate page is for,
and where it is: Google needs both, and ignores a link that lacks either.

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" href="https://example.com/en/"/>
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
                         .authorities = kGoogle};

class HreflangAttributeMissing final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kXhtmlNamespace, "link", links_showing(kLinkLacksAttribute));
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (entry.kind != EntryKind::Url) return;
    const ExtensionNode& link = block.root();
    const std::string name = "<" + std::string(link.qualified_name) + ">";
    const Attribute* hreflang = link.attribute("hreflang");
    if ((!hreflang && !is_media_alternate(link)) || (hreflang && trim_xml_space(hreflang->value.value).empty())) {
      out.report({.at = {link.offset, tag_length(link)},
                  .message = name + (hreflang ? " has an empty hreflang" : " has no hreflang") +
                             "; add the language (and optional region) of the alternate page, e.g. hreflang=\"fr\""});
    }
    if (!link.attribute("href")) {
      out.report(
          {.at = {link.offset, tag_length(link)}, .message = name + " has no href; add the alternate page's full URL"});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_attribute_missing, kMeta, HreflangAttributeMissing)
