// MOB104 mobile-unexpected-attribute: an attribute on <mobile:mobile>; the XSD declares none.
#include "rules/extension/extension_rules.h"
#include "rules/mobile/utils/mobile_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An attribute on <mobile:mobile>, which takes none",
                         .docs = R"md(
## What it does
Reports every attribute of `<mobile:mobile>`, on the attribute's name: `type="pc,mobile"`,
`type="mobile"` and the like. Namespace declarations and the XML Schema instance attributes
(`xsi:schemaLocation`) are allowed.

## Why it matters
`sitemap-mobile.xsd` declares `<mobile:mobile>` as an empty `<xsd:complexType/>`, which allows
no attribute: a validator rejects the file ("The attribute 'type' is not allowed"). The `type`
attribute (`mobile`, `pc,mobile`, `htmladapt`) is Baidu's: its mobile sitemap protocol defines it,
in Baidu's own namespace, `http://www.baidu.com/schemas/sitemap-mobile/1/`. Written into Google's
namespace, it is read by neither.

Google no longer reads `<mobile:mobile>` at all. It marked a page for feature phones (WML, XHTML
Mobile Profile or cHTML), and its help page is gone from Google's documentation; in 2015 Google's
John Mueller said a site needs no mobile sitemap "if your site doesn't have a feature-phone
(WAP/WML, etc) version" (https://www.seroundtable.com/google-mobile-sitemaps-20137.html). Nothing
is lost to Google, which is why this is a warning; under `--profile xsd` it is an error.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0">
  <url>
    <loc>https://www.example.com/news/ferry</loc>
    <mobile:mobile type="pc,mobile"/>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0">
  <url>
    <loc>https://www.example.com/news/ferry</loc>
    <mobile:mobile/>
  </url>
</urlset>
```
For Baidu, declare Baidu's namespace instead; for Google, leave the tag out.
)md",
                         .authorities = kExtensionXsd};

using MobileUnexpectedAttribute = BlockCheckRule<kMobileFamily, report_unexpected_attributes>;

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(mobile_unexpected_attribute, kMeta, MobileUnexpectedAttribute)
