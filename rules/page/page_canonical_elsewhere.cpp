// PAGE202 page-canonical-elsewhere: a listed page whose canonical names another URL.
#include "analysis/same_url.h"
#include "rules/page/utils/http_answer.h"
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
resolved to an http(s) URL. A canonical that leads to a 404, a soft 404 or another redirect is
named as such; a canonical to the page itself written as a relative URL is reported too, as Google
asks for absolute ones. URLs are compared as RFC 3986 normalises them (case of the scheme and
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
      return link.line != 0 ? std::optional<RelatedLocation>(
                                  page_file_location(page, link.offset, "the canonical", link.line, link.column))
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
    if (same(first.url, listed)) {
      // Canonical to itself, but written relative: Google asks for absolute URLs, and a relative
      // one silently changes meaning when the page moves or is served at a second address.
      if (!has_scheme(first.href)) {
        out.report({.at = url_span(*url.field, a),
                    .message = "the page of " + url.quoted_value() + " writes its canonical as the relative " +
                               quoted(first.href) + " (" + where(first) + "); write the absolute " + quoted(first.url) +
                               ", as Google recommends",
                    .related = related(first)});
      }
      return;
    }
    out.report({.at = url_span(*url.field, a),
                .message = url.quoted_value() + " is listed, but its page names " + quoted(first.url) +
                           " as canonical (" + where(first) + ")" + target_trouble(first.url) +
                           "; list the canonical URL or make the page canonical to itself (Search Console: "
                           "\"Alternate page with proper canonical tag\")",
                .related = related(first)});
  }

 private:
  // ", which the build does not serve (404)": a canonical that leads nowhere makes Google choose.
  std::string target_trouble(const std::string& canonical) const {
    const PageRef target = pages().unlisted_page(canonical);
    if (!target) return {};
    switch (target->status) {
      case PageStatus::Served: return {};
      case PageStatus::Missing:
        return target->http_status ? ", which answers " + std::to_string(target->http_status)
                                   : ", which the build does not serve (404)";
      case PageStatus::Fallback:
        return is_empty_answer(*target) ? ", which answers " + target->reason + " (an empty page)"
                                        : ", which only a catch-all answers (a soft 404)";
      case PageStatus::Redirect: return ", which itself redirects to " + quoted(target->target);
      case PageStatus::Refused: return ", which cannot be read (" + target->reason + ")";
      case PageStatus::Failed:
        return target->http_status ? ", which answers " + std::to_string(target->http_status)
                                   : ", which gives no answer (" + target->reason + ")";
      case PageStatus::Blocked: return ", which the site's robots.txt blocks";
      case PageStatus::Skipped: return {};
    }
    return {};
  }

  static bool has_scheme(std::string_view href) {
    const std::size_t colon = href.find(':');
    return colon != std::string_view::npos && colon > 0 &&
           href.substr(0, colon).find_first_of("/?#") == std::string_view::npos;
  }

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
