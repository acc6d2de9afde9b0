// SM010 http-content-type: a sitemap served with a Content-Type that is not XML, text or gzip.
#include <algorithm>
#include <cctype>

#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The sitemap is served with a Content-Type that is not XML, text or gzip",
                         .docs = R"md(
## What it does
For a sitemap fetched over HTTP(S) with a success status, reports a `Content-Type` other than an
XML type (`application/xml`, `text/xml`, `application/rss+xml`, `application/atom+xml`, any
`+xml`), `text/plain` (text sitemaps), or a gzip type (`application/gzip`, `application/x-gzip`,
`application/octet-stream`). `text/html` is the usual offender.

## Why it matters
`text/html` usually means the server answered with a page, not the file: a catch-all route, a
login wall, a CDN error page. Even when the body is the sitemap, some consumers trust the header
and refuse it ("Your Sitemap appears to be an HTML page").

## Example
```http
HTTP/1.1 200 OK
Content-Type: text/html; charset=utf-8

<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc></url>
</urlset>
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
                         .authorities = kHttp | kAdvice};

bool acceptable(std::string type) {
  type = type.substr(0, type.find(';'));
  std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
  while (!type.empty() && type.back() == ' ') type.pop_back();
  return type.empty() || type == "application/xml" || type == "text/xml" || type.ends_with("+xml") ||
         type == "text/plain" || type == "application/gzip" || type == "application/x-gzip" ||
         type == "application/octet-stream";
}

class HttpContentType final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    const long status = doc.load.http_status;
    if (status < 200 || status > 299 || acceptable(doc.load.content_type)) return;
    out.report({.at = {0, 0},
                .message = "the server sent the sitemap as " + quoted(doc.load.content_type) +
                           "; serve it as application/xml (text/plain for a text sitemap)"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(http_content_type, kMeta, HttpContentType)
