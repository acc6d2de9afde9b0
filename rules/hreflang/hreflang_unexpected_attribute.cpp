// LANG104 hreflang-unexpected-attribute: an <xhtml:link> attribute other than rel, hreflang, href.
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/hreflang/utils/link_traits.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An <xhtml:link> attribute other than rel, hreflang and href",
                         .docs = R"md(
## What it does
Reports each attribute of an `<xhtml:link>` in a `<url>` other than the unprefixed `rel`,
`hreflang` and `href`: `media`, `type`, `title`, `xml:lang`, or a prefixed `xhtml:hreflang`.
Namespace declarations and `xsi:` attributes are allowed, and so is `media` on a link without
`hreflang`: that is Google's annotation of a separate mobile page
(`<xhtml:link rel="alternate" media="only screen and (max-width: 640px)" href="..."/>`).

## Why it matters
Google asks not to combine hreflang annotations with other attributes such as `media` in one
tag: a link that is also meant for a medium or a type is not a plain language alternate, and may
not be read as one. A prefixed `xhtml:hreflang` is not the `hreflang` attribute at all.

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="en" media="only screen" href="https://example.com/en/"/>
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

class HreflangUnexpectedAttribute final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kXhtmlNamespace, "link", links_showing(kLinkOtherAttribute));
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (entry.kind != EntryKind::Url) return;
    report_unexpected_attributes(is_media_alternate(block.root()) ? kMediaAlternateFamily : kHreflangFamily, block,
                                 out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_unexpected_attribute, kMeta, HreflangUnexpectedAttribute)
