// IMG401 image-deprecated-tag: the four <image:image> children Google removed in 2022.
#include "rules/extension/extension_rules.h"
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Info,
    .summary =
        "<image:caption>, <image:geo_location>, <image:title> or <image:license>, which Google ignores since 2022",
    .docs = R"md(
## What it does
Reports `<image:caption>`, `<image:geo_location>`, `<image:title>` and `<image:license>` in an
`<image:image>`: the first of each in the file, with how many the file has, so that a sitemap
with a caption on every image gets one note per tag rather than thousands. Their values are not
checked.

## Why it matters
Google deprecated these tags in May 2022: "The deprecated tags will have no effect on indexing
and search features after August 6, 2022", and it says they may stay "without drawbacks". They
only cost bytes, and Search Console may warn about them in the future. Other consumers may still
read them, which is why this is a note and offers no fix. Google takes an image's context from
the page: its `alt` text, caption and surrounding text.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image>
      <image:loc>https://example.com/sunset.jpg</image:loc>
      <image:caption>Sunset over the harbour</image:caption>
    </image:image>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image>
      <image:loc>https://example.com/sunset.jpg</image:loc>
    </image:image>
  </url>
</urlset>
```
)md",
    .authorities = kGoogle};

class ImageDeprecatedTag final : public DeprecatedTagRule<kImageFamily> {
 public:
  void on_finish(const Document&, FindingSink& out) override {
    tags_.report("is deprecated: it has had no effect in Google since 6 August 2022", out);
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_deprecated_tag, kMeta, ImageDeprecatedTag)
