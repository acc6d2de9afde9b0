// MOB102 mobile-unknown-element: an element of the mobile namespace other than <mobile:mobile>, or
// an element inside it.
#include "rules/extension/extension_rules.h"
#include "rules/mobile/utils/mobile_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An element the mobile extension does not define, or one inside <mobile:mobile>",
                         .docs = R"md(
## What it does
Reports an element of the mobile namespace other than `<mobile:mobile>`, in a `<url>`
(`<mobile:foo>`, `<mobile:Mobile>`, `<mobile:smartphone>`) or straight in `<urlset>`, and any
element inside `<mobile:mobile>`, of whatever namespace.

## Why it matters
`sitemap-mobile.xsd` declares one element, `<mobile:mobile>`, and declares it empty. The sitemap
XSD lets extension elements into a `<url>` with a strict wildcard, which wants a declaration for
each: a validator rejects any other element of the namespace ("No matching global element
declaration available, but demanded by the strict wildcard"), and anything inside
`<mobile:mobile>` ("Element content is not allowed, because the content type is empty").

Google no longer reads the tag at all. It marked a page for feature phones (WML, XHTML Mobile
Profile or cHTML), and its help page is gone from Google's documentation; in 2015 Google's John
Mueller said a site needs no mobile sitemap "if your site doesn't have a feature-phone (WAP/WML,
etc) version" (https://www.seroundtable.com/google-mobile-sitemaps-20137.html). Nothing is lost to
search engines, which is why this is a warning; under `--profile xsd` it is an error.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0">
  <url>
    <loc>https://m.example.com/news/ferry</loc>
    <mobile:smartphone/>
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

using MobileUnknownElement = UnknownElementRule<kMobileFamily>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(mobile_unknown_element, kMeta, MobileUnknownElement)
