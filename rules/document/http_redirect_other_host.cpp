// SM012 http-redirect-other-host: the sitemap's URL redirects to a sitemap on another host.
#include "rules/rule_support.h"
#include "url_analysis.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The sitemap's URL redirects to another host",
                         .docs = R"md(
## What it does
For a sitemap fetched over HTTP(S) and served after one or more redirects, reports a final URL
on another host than the URL named (on the command line, in an index, in robots.txt): the whole
chain, each request with its status. A redirect within the host (`http:` to `https:`, another
path) is not reported.

## Why it matters
The protocol lets a sitemap list only URLs on its own host, under its own location. Once the
sitemap is served from another host, that is the location its URLs are held to (sitemaplint
judges them against the final URL, as `loc-out-of-scope` shows): the pages of the host it was
submitted for are out of its reach. Neither the protocol nor Google's documentation promises that
a sitemap is read through a redirect to another site; Google asks for a sitemap on another host to
be set up as a cross-site submission (robots.txt's `Sitemap:` line on the host of the URLs, or
both sites verified in Search Console).

A redirect to another host is usually a migration that moved the sitemap but not the address
submitted, or a CDN or storage bucket answering for the site.

## Example
What `sitemaplint http://example.com/sitemap.xml` received, after
`HTTP/1.1 301 Moved Permanently` with `Location: https://cdn.example.net/sitemap.xml`:
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://cdn.example.net/</loc></url>
</urlset>
```

## Use instead
Serve the sitemap from the host whose URLs it lists, and submit that URL:
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
```
)md",
                         .authorities = kSitemapsOrg | kGoogle};

// The host as compared: ASCII (IDNA), lower case, without a final dot; a name without a dot
// ("localhost") counts too. Empty for a URL with no host (the fetch checked every hop, so only a
// hand-made fact has none).
std::string host_of(std::string_view url) {
  UrlAnalysis a;
  analyze_url(url, a);
  if (a.shape != UrlShape::Http || a.host_problem == HostProblem::NoAuthority || a.host_problem == HostProblem::Empty)
    return {};
  std::string host(a.ascii_host);
  if (host.ends_with('.')) host.pop_back();
  for (char& c : host) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return host;
}

class HttpRedirectOtherHost final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    const std::vector<RedirectHop>& hops = doc.load.redirects;
    const long status = doc.load.http_status;
    if (hops.size() < 2 || status < 200 || status > 299) return;  // an error status is SM009's
    const std::string named = host_of(hops.front().url);
    const std::string served = host_of(hops.back().url);
    if (named.empty() || served.empty() || named == served) return;
    out.report({.at = {0, 0},
                .message = "the sitemap named as " + quoted(hops.front().url) + " is served from another host, " +
                           quoted(served) + ", after redirects: " + redirect_chain_text(hops) +
                           "; its URLs are held to the final location, not to " + quoted(named) +
                           ": serve the sitemap on " + quoted(named) +
                           ", or submit the final URL as a cross-site sitemap"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(http_redirect_other_host, kMeta, HttpRedirectOtherHost)
