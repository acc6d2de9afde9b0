// SM209 loc-fragment: <loc> contains a '#fragment'.
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "<loc> contains a #fragment",
                         .docs = R"md(
## What it does
Reports a `<loc>` that contains `#`, the start of a fragment: `https://example.com/faq#shipping`,
`https://example.com/#!/products`, or a lone `#` at the end.

## Why it matters
A fragment never reaches the server: crawlers drop it, so `page#a` and `page#b` are one page
listed twice, and the fragment is no way to list sections or app states separately. List each
page once, under its URL without the fragment; give content that deserves its own search result
its own URL. (Google has no Search Console error for this; it silently folds the URLs together.)

## Example
```xml
<url>
  <loc>https://example.com/faq#shipping</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/faq</loc>
</url>
```
)md",
                         .authorities = kAdvice};

class LocFragment final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing({UrlFieldKind::Loc}, kUrlHasFragment); }

  void on_url(const UrlField& url, FindingSink& out) override {
    // A page's URL: an image, a video or an alternate may carry a fragment its server ignores.
    if (url.kind != UrlFieldKind::Loc) return;
    const UrlAnalysis& a = url.analysis();
    // A value that is only a fragment ("#top", a text sitemap's "# comment") is no page at all:
    // loc-not-absolute reports it.
    if (a.fragment == kNoPosition || a.fragment == 0) return;
    // "&#" left in the value is a character reference XML does not take (&#0;, &#xZZ;), which
    // undefined-entity reports: its '#' starts no fragment of the URL the author meant.
    if (a.trimmed[a.fragment - 1] == '&' && url.field->raw.find("&amp;#") == std::string_view::npos) return;
    const std::string_view fragment = a.trimmed.substr(a.fragment);
    const std::string_view page = a.trimmed.substr(0, a.fragment);
    std::string message = url.quoted_value() + " has the fragment " + quoted(fragment) + "; crawlers drop fragments";
    if (!page.empty()) message += ", so list the page once as " + quoted(page);
    const Span span = url_span(*url.field, a, a.fragment, fragment.size());
    out.report({.at = span, .message = std::move(message)});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_fragment, kMeta, LocFragment)
