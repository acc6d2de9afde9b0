// SM217 loc-double-encoded: '%25' followed by two hex digits in a URL's path, an escape escaped again.
#include "analysis/ascii.h"
#include "analysis/byte_search.h"
#include "analysis/percent_encoding.h"
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A URL's path looks percent-encoded twice ('%252F')",
                         .docs = R"md(
## What it does
Reports the first `%25` followed by two hex digits in the path of a page's `http` or `https` URL
(a `<loc>`, or an hreflang alternate's `href`): `%252F`, `%2520`, `%25C3%25A9`. `%25` is an
encoded `%`, so each of these is an escape (`%2F`, `%20`, `%C3`) encoded a second time. The query
is not checked: a parameter that carries a whole URL is rightly encoded twice. Nor are image and
video URLs: some CDNs keep an encoded `%` in their file names, and serve them so.

## Why it matters
A URL encoded twice is another address: `/a%2520b` asks the server for a path with the three
characters `%20` in it, not for `a b`, so the crawler gets a 404 or a duplicate of the page, and
the page's real URL is not in the sitemap. It usually comes from a generator that encodes URLs
its source had already encoded. A path that really contains `%` followed by two hex digits is
rare; if yours does, ignore this finding with a suppression comment.

## Example
```xml
<url>
  <loc>https://example.com/guides/summer%2520sale</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/guides/summer%20sale</loc>
</url>
```
)md",
                         .authorities = kAdvice};

class LocDoubleEncoded final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.urls_showing({UrlFieldKind::Loc, UrlFieldKind::HreflangHref}, kUrlEscapedPercent);
  }

  void on_url(const UrlField& url, FindingSink& out) override {
    // A page's address; an image or video file on a CDN may really have an encoded '%' in its name.
    if (url.kind != UrlFieldKind::Loc && url.kind != UrlFieldKind::HreflangHref) return;
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http || !a.has_percent) return;
    const std::string_view t = a.trimmed;
    const UrlParts parts = url_parts(a);
    for (std::size_t at = parts.path_begin;
         (at = find_three_bytes(t, at, parts.path_end, "%25")) != std::string_view::npos; ++at) {
      if (at + 5 > parts.path_end || escaped_byte(t.data() + at + 3) < 0) continue;
      const std::string once = "%" + ascii_uppered(t.substr(at + 3, 2));
      const Span span = url_span(*url.field, a, at, 5);
      out.report(
          {.at = span,
           .message =
               url.quoted_value() + " has " + quoted(t.substr(at, 5)) + " at position " +
               std::to_string(url_position(a, at)) + ": '%25' is an encoded '%', so this is " + quoted(once) +
               " encoded a second time; the URL was probably encoded twice: encode it once, so that this reads " +
               quoted(once)});
      return;
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_double_encoded, kMeta, LocDoubleEncoded)
