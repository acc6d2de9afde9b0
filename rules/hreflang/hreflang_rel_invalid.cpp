// LANG105 hreflang-rel-invalid: an <xhtml:link> whose rel is not "alternate".
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/hreflang/utils/link_traits.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An <xhtml:link> in <url> without rel=\"alternate\"",
                         .docs = R"md(
## What it does
Reports an `<xhtml:link>` in a `<url>` whose `rel` is missing or is anything but the one token
`alternate` (in any case): `canonical`, `amphtml`, `alternate nofollow`.

## Why it matters
Google's sitemap format defines only `<xhtml:link rel="alternate" hreflang="..." href="..."/>`:
localized versions of the page. Other relations (a canonical, an AMP page) belong in the page's
HTML; in a sitemap they are not read, and a link that is not an alternate cannot take part in the
page's hreflang cluster.

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="canonical" hreflang="en" href="https://example.com/en/"/>
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

class HreflangRelInvalid final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kXhtmlNamespace, "link", links_showing(kLinkRelUnusual));
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const ExtensionNode& link = block.root();
    const Attribute* rel = link.attribute("rel");
    if (entry.kind != EntryKind::Url || rel_is_alternate(rel)) return;
    const std::string name = "<" + std::string(link.qualified_name) + ">";
    if (!rel) {
      out.report({.at = {link.offset, tag_length(link)},
                  .message = name + " has no rel; a hreflang annotation is rel=\"alternate\""});
      return;
    }
    const std::string_view value = trim_xml_space(rel->value.value);
    std::string message =
        "rel=" + quoted(value) + " is not a hreflang annotation; sitemaps define only rel=\"alternate\" links";
    if (value.find_first_of(" \t\r\n") != std::string_view::npos) message += ", with no other token";
    else if (value == "canonical") message += "; remove this link (a canonical belongs in the page)";
    else message += "; remove this link, or make it an alternate of the page";
    const Span span = value_span(rel->value);
    out.report({.at = span, .message = std::move(message)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_rel_invalid, kMeta, HreflangRelInvalid)
