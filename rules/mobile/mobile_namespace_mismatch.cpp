// MOB101 mobile-namespace-mismatch: a namespace URI that was meant to be the mobile extension's.
#include "rules/extension/extension_rules.h"
#include "rules/mobile/utils/mobile_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Warning,
    .fixes = Fixes::Sometimes,
    .summary = "A namespace URI misses the mobile extension's http://www.google.com/schemas/sitemap-mobile/1.0",
    .docs = R"md(
## What it does
Reports a namespace declaration whose URI looks like the mobile extension's but is not exactly
`http://www.google.com/schemas/sitemap-mobile/1.0`: another version (`/1.1`), `https`, `www.`
missing, the schema file's address (`.../1.0/sitemap-mobile.xsd`), a trailing slash, capitals; or
the prefix `mobile` bound to a URI of no sitemap schema at all. The finding is on the URI. Where
the URI is a misspelling of the mobile namespace, the fix writes the right one. Baidu's own mobile
namespace (`http://www.baidu.com/schemas/sitemap-mobile/1/`) is another extension, not a near
miss, and is left alone.

## Why it matters
XML namespaces are compared as exact strings, and `sitemap-mobile.xsd` declares `<mobile:mobile>`
in `http://www.google.com/schemas/sitemap-mobile/1.0` only, the one version there is. In any
other namespace the element is one no schema declares, and the sitemap XSD's strict wildcard
rejects it: `xmllint --schema` says "No matching global element declaration available, but
demanded by the strict wildcard".

Google no longer reads the tag, in any namespace. It marked a page for feature phones (WML,
XHTML Mobile Profile or cHTML), and its help page is gone from Google's documentation; in 2015
Google's John Mueller said a site needs no mobile sitemap "if your site doesn't have a
feature-phone (WAP/WML, etc) version"
(https://www.seroundtable.com/google-mobile-sitemaps-20137.html). Nothing is lost to search
engines, which is why this is a warning; under `--profile xsd` it is an error.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.1">
  <url>
    <loc>https://m.example.com/news/ferry</loc>
    <mobile:mobile/>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0">
  <url>
    <loc>https://m.example.com/news/ferry</loc>
    <mobile:mobile/>
  </url>
</urlset>
```
Or leave the tag and its namespace out: a page that works on smartphones needs neither.
)md",
    .authorities = kExtensionXsd};

using MobileNamespaceMismatch = NamespaceNearMissRule<kMobileFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(mobile_namespace_mismatch, kMeta, MobileNamespaceMismatch)
