// SM010 http-content-type: a sitemap served with a Content-Type that is not XML, text or gzip, or a
// gzip body labelled XML.
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

Also reports a body that is gzip-compressed once any `Content-Encoding` is undone, sent as XML or
text: a `.xml.gz` file served as `text/xml` without `Content-Encoding: gzip`, or compressed a
second time by the server (`Content-Encoding: gzip` over the `.gz` file) and labelled XML.

## Why it matters
`text/html` usually means the server answered with a page, not the file: a catch-all route, a
login wall, a CDN error page. Even when the body is the sitemap, some consumers trust the header
and refuse it ("Your Sitemap appears to be an HTML page").

HTTP says the `Content-Type` is what the body is once its `Content-Encoding` is undone (RFC 9110,
sections 8.3 and 8.4). Crawlers ask for compressed answers and undo the encoding (Google's accept
gzip, deflate and Brotli, as its overview of Google crawlers says); a body that is still gzip after
that, labelled XML, is binary data to a client that trusts the header.

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

std::string bare_type(std::string type) {
  type = type.substr(0, type.find(';'));
  std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
  while (!type.empty() && type.back() == ' ') type.pop_back();
  return type;
}

bool names_text(const std::string& type) {
  return type == "application/xml" || type == "text/xml" || type.ends_with("+xml") || type == "text/plain";
}

bool acceptable(const std::string& type) {
  return type.empty() || names_text(type) || type == "application/gzip" || type == "application/x-gzip" ||
         type == "application/octet-stream";
}

class HttpContentType final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.document(); }
  void on_document(const Document& doc, FindingSink& out) override {
    const long status = doc.load.http_status;
    if (status < 200 || status > 299) return;
    const std::string type = bare_type(doc.load.content_type);
    if (!acceptable(type)) {
      out.report({.at = {0, 0},
                  .message = "the server sent the sitemap as " + quoted(doc.load.content_type) +
                             "; serve it as application/xml (text/plain for a text sitemap)"});
    } else if (doc.load.compressed && names_text(type)) {
      out.report({.at = {0, 0},
                  .message = "the server sent gzip-compressed bytes as " + quoted(doc.load.content_type) +
                             " (still gzip once any Content-Encoding is undone); serve a .gz file as "
                             "application/gzip without Content-Encoding, or the XML itself with Content-Encoding: "
                             "gzip"});
    }
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(http_content_type, kMeta, HttpContentType)
