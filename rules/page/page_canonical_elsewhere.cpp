// PAGE202 page-canonical-elsewhere: a listed page whose canonical names another URL.
#include "analysis/same_url.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A listed page names another URL as its canonical",
                         .docs = R"md(
## What it does
With `--pages`, reads the `<link rel="canonical">` tags in the head of each listed page the build
serves (resolved against the page's URL and its `<base href>`), or, where the head has none, the
`Link: <...>; rel="canonical"` headers the host's configuration adds (`_headers`, `vercel.json`),
and reports a page whose canonical
is another URL, a page with several canonicals that disagree, and a canonical that cannot be
resolved to an http(s) URL. URLs are compared as RFC 3986 normalises them (case of the scheme and
host, default ports, percent-encoding), not byte for byte.

## Why it matters
A sitemap lists canonical URLs. A page that names another URL as canonical tells Google that it is
a duplicate of that one, and Search Console reports it as **"Alternate page with proper canonical
tag"**: the sitemap and the page disagree about which URL to index. Several canonicals that
disagree are all ignored by Google.

## Example
```xml
<url><loc>https://example.com/shoes?color=red</loc></url>
```
```html
<link rel="canonical" href="https://example.com/shoes">
```

## Use instead
List the canonical URL, or make the page canonical to itself.
```xml
<url><loc>https://example.com/shoes</loc></url>
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Alternate page with proper canonical tag"};

class PageCanonicalElsewhere final : public PageRule {
 public:
  explicit PageCanonicalElsewhere(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    if (page.status != PageStatus::Served) return;
    const std::vector<PageLink>& canonicals =
        !page.head.canonicals.empty() ? page.head.canonicals : page.header_canonicals;
    if (canonicals.empty()) return;
    const PageLink& first = canonicals.front();
    const auto related = [&](const PageLink& link) {
      return link.line != 0 ? std::optional<RelatedLocation>(page_file_location(page, link.offset, "the canonical"))
                            : std::nullopt;
    };
    const auto where = [&](const PageLink& link) {
      if (link.line != 0) return page.file + ":" + std::to_string(link.line);
      return link.source.empty() ? std::string("a Link header") : link.source;
    };
    for (const PageLink& other : canonicals) {
      if (other.url.empty() || first.url.empty() || same(other.url, first.url)) continue;
      out.report({.at = url_span(*url.field, a),
                  .message = "the page of " + url.quoted_value() + " names several canonicals that disagree: " +
                             quoted(first.href) + " (" + where(first) + ") and " + quoted(other.href) + " (" +
                             where(other) + "); Google ignores them all: keep one",
                  .related = related(other)});
      return;
    }
    if (first.url.empty()) {
      out.report({.at = url_span(*url.field, a),
                  .message = "the page of " + url.quoted_value() + " names " + quoted(first.href) + " as canonical (" +
                             where(first) + "), which is no http(s) URL; write the page's full URL",
                  .related = related(first)});
      return;
    }
    const std::string_view listed = a.ascii_form.empty() ? a.trimmed : std::string_view(a.ascii_form);
    if (same(first.url, listed)) return;
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " is listed, but its page names " + quoted(first.url) +
                           " as canonical (" + where(first) +
                           "); list the canonical URL or make the page canonical to itself (Search Console: "
                           "\"Alternate page with proper canonical tag\")",
                .related = related(first)});
  }

 private:
  // Equal once both are normalised as RFC 3986 describes (same_url.h).
  bool same(std::string_view x, std::string_view y) {
    normalise_url(x, &x_);
    normalise_url(y, &y_);
    return x_ == y_;
  }
  std::string x_, y_;  // reused
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_canonical_elsewhere, kMeta, PageCanonicalElsewhere)
