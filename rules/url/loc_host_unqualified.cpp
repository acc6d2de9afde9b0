// SM212 loc-host-unqualified: the host of an http(s) <loc> has no dot (localhost, intranet, HOST).
#include "url_analysis.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "<loc> has a host name without a dot, such as localhost",
                         .docs = R"md(
## What it does
Reports an `http`/`https` `<loc>` whose host is a single label without a dot (`localhost`,
`intranet`, `staging`, a placeholder such as `HOST` or `None`). The URL is valid RFC 3986 syntax,
so this is a warning; IP literals are not affected.

## Why it matters
Search engines crawl only hosts that resolve in public DNS, and those always have a dot. A
single-label host usually means the sitemap was generated on a development or staging machine, or
a template wrote a placeholder where the site's host belongs.

## Example
```xml
<url>
  <loc>http://localhost/reports</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://www.example.com/reports</loc>
</url>
```
)md",
                         .authorities = kAdvice};

class LocHostUnqualified final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlHostProblem); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http || !a.syntax_valid || a.host_problem != HostProblem::NotQualified) return;
    const Span span = url_span(*url.field, a, a.host_at, a.host.size());
    out.report({.at = span,
                .message = "the host " + quoted(a.host) + " of " + url.quoted_value() +
                           " has no dot, so it is not a public host name; search engines need a fully qualified name "
                           "such as 'www.example.com'"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_host_unqualified, kMeta, LocHostUnqualified)
