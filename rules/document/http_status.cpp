// SM009 http-status: the server answered the sitemap's URL with an error status.
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "The sitemap's URL answered with an HTTP error status",
                         .docs = R"md(
## What it does
For a sitemap fetched over HTTP(S), reports a final status outside 200-299 (after redirects):
`404 Not Found`, `403 Forbidden`, `500 Internal Server Error`, `503 Service Unavailable`... The
body, an error page, is not checked.

## Why it matters
A search engine that cannot fetch the sitemap reads none of it ("Couldn't fetch" / "Sitemap could
not be read" in Search Console). A 403 often means a firewall or bot protection blocks crawlers;
a 404 that the deploy did not publish the file where robots.txt or the index says it is.

## Example
What `sitemaplint https://example.com/sitemap.xml` received:
```http
HTTP/1.1 404 Not Found
Content-Type: text/html; charset=utf-8

<html><body><h1>Not Found</h1></body></html>
```

## Use instead
```http
HTTP/1.1 200 OK
Content-Type: application/xml; charset=utf-8

<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
```
)md",
                         .authorities = kHttp | kGoogle,
                         .search_console = "HTTP error"};

class HttpStatus final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    const long status = doc.load.http_status;
    if (status == 0 || (status >= 200 && status <= 299)) return;
    out.report({.at = {0, 0},
                .message = "the server answered HTTP " + std::to_string(status) +
                           "; search engines cannot read a sitemap behind an error status"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(http_status, kMeta, HttpStatus)
