// IMG107 image-missing-loc: an <image:image> without the URL of its image.
#include "rules/extension/extension_rules.h"
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An <image:image> has no <image:loc>",
                         .docs = R"md(
## What it does
Reports an `<image:image>` in a `<url>` that has no `<image:loc>` child, on the `<image:image>`
start tag. (An `<image:loc>` that is there but empty is `loc-empty`'s, which checks every image
URL like a `<loc>`.)

## Why it matters
`<image:loc>`, the URL of the image file, is the one required child: Google's page lists it among
the tags "you must use", and the XSD requires exactly one. Without it the block describes nothing;
Search Console reports **"Missing XML tag"**.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image></image:image>
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
    <image:image><image:loc>https://example.com/photo.jpg</image:loc></image:image>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kExtensionXsd,
                         .search_console = "Missing XML tag"};

class ImageMissingLoc final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.extensions(kImageNamespace, kImageElement.name, blocks_showing<kImageFamily>(kLacksRequiredChild));
  }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    if (!is_page_entry(entry) || missing_children(kImageFamily, block, 0).empty()) return;
    const ExtensionNode& image = block.root();
    out.report({.at = {image.offset, tag_length(image)},
                .message = "<" + std::string(image.qualified_name) + "> has no " + element_name(block, "loc") +
                           "; add the URL of the image file"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_missing_loc, kMeta, ImageMissingLoc)
