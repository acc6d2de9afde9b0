// NEWS101 news-namespace-mismatch: a namespace URI that was meant to be the news extension's.
#include "rules/extension/extension_rules.h"
#include "rules/news/utils/news_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Error,
    .fixes = Fixes::Sometimes,
    .summary = "A namespace URI misses the news extension's http://www.google.com/schemas/sitemap-news/0.9",
    .docs = R"md(
## What it does
Reports a namespace declaration whose URI looks like the news extension's but is not exactly
`http://www.google.com/schemas/sitemap-news/0.9`: another version (`/1.0`), `https`, `www.`
missing, the schema file's address (`.../0.9/sitemap-news.xsd`), a trailing slash, capitals; or
the prefix `news` bound to a URI of no sitemap schema at all. The finding is on the URI. Where
the URI is a misspelling of the news namespace, the fix writes the right one; a prefix bound to
an unrelated URI gets no fix.

The elements in such a namespace get no other news finding: once the namespace is right, the
other news rules check them.

## Why it matters
XML namespaces are compared as exact strings, and Google defines the news tags in
`http://www.google.com/schemas/sitemap-news/0.9` only. With any other URI, Google sees no news
entry in the file; Search Console reports **"Incorrect namespace"**.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/1.0">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news/>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://example.com/news/launch</loc>
    <news:news>
      <news:publication>
        <news:name>The Example Times</news:name>
        <news:language>en</news:language>
      </news:publication>
      <news:publication_date>2024-12-31T09:00:00Z</news:publication_date>
      <news:title>Example launches a new harbour ferry</news:title>
    </news:news>
  </url>
</urlset>
```
)md",
    .authorities = kGoogle | kExtensionXsd | kXml,
    .search_console = "Incorrect namespace"};

using NewsNamespaceMismatch = NamespaceNearMissRule<kNewsFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_namespace_mismatch, kMeta, NewsNamespaceMismatch)
