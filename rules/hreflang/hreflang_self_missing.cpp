// LANG113 hreflang-self-missing: a <url> with hreflang alternates, none of them the page itself.
#include "analysis/same_url.h"
#include "rules/hreflang/utils/hreflang_link.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "A <url> with hreflang alternates that does not list itself among them",
                         .docs = R"md(
## What it does
Reports a `<url>` whose `<xhtml:link>` alternates do not include the page of its own `<loc>`.
URLs are compared after normalisation (scheme and host case, default ports, escapes); any code
counts, `x-default` too. When an alternate differs from `<loc>` only by the scheme, `www.` or a
trailing slash, the message names it. The finding is on the `<url>` start tag. An entry with an
error in one of its links (no `rel="alternate"`, a missing attribute, a malformed or unknown code,
an unusable URL) is not judged: that error comes first.

## Why it matters
Google: "Each language version must list itself as well as all other language versions", and in
a sitemap each `<url>` "lists every alternate version of the page, including itself". Without the
self link, the cluster is incomplete, and pages whose annotations do not agree are ignored.

## Example
```xml
<url>
  <loc>https://example.com/en/</loc>
  <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
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

std::string_view slip_name(UrlSlip slip) {
  switch (slip) {
    case UrlSlip::Scheme: return "the scheme";
    case UrlSlip::Www: return "'www.'";
    case UrlSlip::TrailingSlash: return "a trailing slash";
    case UrlSlip::None: break;
  }
  return {};
}

class HreflangSelfMissing final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.urls({UrlFieldKind::HreflangHref});  // EntryLinks notes the links' URLs
    s.entries_with_extensions(kXhtmlNamespace);  // pages with links only
  }
  void on_url(const UrlField& url, FindingSink&) override { links_.note_url(url); }

  void on_entry(const Entry& entry, FindingSink& out) override {
    const std::span<const HreflangLink> links = links_.read(entry);
    if (links.empty() || !links_.loc_usable() || links_.any_error()) return;
    for (const HreflangLink& link : links) {
      if (link.target == links_.loc_key()) return;
    }
    const std::string_view loc = entry.loc_analysis().trimmed;
    const std::string_view link_name = links.front().node->qualified_name;
    std::string message = "this <url> has hreflang alternates but none for itself (" + quoted(loc) + "); add <" +
                          std::string(link_name) + " rel=\"alternate\" hreflang=\"...\" href=\"" + std::string(loc) +
                          "\"/>";
    const std::string loc_form = normal_form(entry.loc_analysis());
    for (const HreflangLink& link : links) {
      const UrlSlip slip = url_slip(loc_form, normal_form(*link.href_analysis));
      if (slip == UrlSlip::None) continue;
      message += ", or did you mean the alternate " + quoted(link.href_analysis->trimmed) + ", which differs only by " +
                 std::string(slip_name(slip)) + "?";
      break;
    }
    const Element& url = *entry.element;
    out.report({.at = {url.offset, url.qualified_name.size() + 1},
                .message = std::move(message),
                .related = RelatedLocation{value_span(entry.loc).offset, "its <loc>", ""}});
  }

 private:
  EntryLinks links_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_self_missing, kMeta, HreflangSelfMissing)
