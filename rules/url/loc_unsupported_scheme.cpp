// SM203 loc-unsupported-scheme: <loc> uses a scheme other than http or https.
#include <algorithm>
#include <cctype>

#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                        .summary = "<loc> uses a scheme other than http or https",
                        .docs = R"md(
## What it does
Reports a `<loc>` whose scheme is not `http` or `https` (compared without regard to case):
`ftp:`, `file:`, `mailto:`, `javascript:`, `tel:`, and misspellings such as `htps:`, for which
the message suggests the scheme that was probably meant.

## Why it matters
A sitemap lists web pages for crawlers, which fetch `http` and `https` URLs only. Other schemes
are rejected (Google Search Console: "Invalid URL"); a `file:` URL usually means the sitemap was
generated on a developer's machine, a `javascript:` or `mailto:` link was scraped from a page.

## Example
```xml
<url>
  <loc>ftp://example.com/files/report.pdf</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/files/report.pdf</loc>
</url>
```
)md",
                        .authorities = kSitemapXsd | kGoogle,
                        .search_console = "Invalid URL"};

std::string lowered(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Edit distance of at most one: a letter too many, too few, or different ('htps', 'httpss').
bool one_edit_apart(std::string_view a, std::string_view b) {
  if (a.size() > b.size()) std::swap(a, b);
  if (b.size() - a.size() > 1) return false;
  std::size_t i = 0;
  while (i < a.size() && a[i] == b[i]) ++i;
  if (a.size() == b.size()) return a.substr(i + (i < a.size())) == b.substr(i + (i < b.size()));
  return a.substr(i) == b.substr(i + 1);
}

class LocUnsupportedScheme final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls(); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::OtherScheme) return;
    const std::string scheme = lowered(a.scheme);
    std::string message = url.quoted_value() + " uses the scheme " + quoted(a.scheme) +
                          "; a sitemap may list only http and https URLs";
    if (one_edit_apart(scheme, "https")) message += "; did you mean 'https'?";
    else if (one_edit_apart(scheme, "http")) message += "; did you mean 'http'?";
    else if (scheme == "file") message += "; publish the page and list its public URL";
    else message += "; list the web page's https:// URL instead, or leave the entry out";
    const SourceSpan span = url_span(*url.field, a);
    out.report_resting_on(url_finding_authorities(url, kMeta.authorities), span.offset, span.length, message);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_unsupported_scheme, kMeta, LocUnsupportedScheme)
