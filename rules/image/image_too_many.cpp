// IMG301 image-too-many: more than 1,000 <image:image> in one <url>.
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "More than 1,000 <image:image> in one <url>",
                         .docs = R"md(
## What it does
Counts the `<image:image>` blocks of each `<url>` and reports the 1,001st, once per `<url>`, with
the page's count.

## Why it matters
Google: "Each `<url>` tag can contain up to 1,000 `<image:image>` tags" (the XSD's annotation
says the same). Images past the limit are not read; Search Console reports **"Invalid XML: too
many tags"**.

## Example
A `<url>` with 1,001 images (too long to show here):
```xml
<url>
  <loc>https://example.com/gallery</loc>
  <image:image><image:loc>https://example.com/1.jpg</image:loc></image:image>
  <!-- ... 999 more ... -->
  <image:image><image:loc>https://example.com/1001.jpg</image:loc></image:image>
</url>
```

## Use instead
Split the gallery over several pages, each with its own `<url>` and at most 1,000 images, or list
the 1,000 that matter most:
```xml
<url>
  <loc>https://example.com/gallery?page=2</loc>
  <image:image><image:loc>https://example.com/1001.jpg</image:loc></image:image>
</url>
```
)md",
                         .authorities = kGoogle,
                         .search_console = "Invalid XML: too many tags"};

class ImageTooMany final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    // Most pages have a handful of blocks: too few to count.
    s.entries_showing(kEntryManyBlocks);
    s.extension_blocks(kImageNamespace);
  }
  void on_entry(const Entry& entry, FindingSink& out) override {
    if (!is_page_entry(entry) || entry.extensions.size() <= kMaxImagesPerPage) return;
    std::size_t total = 0;
    const ExtensionBlock* first_over = nullptr;  // the 1,001st image
    for (const ExtensionBlock& block : entry.extensions) {
      if (is_family_block(kImageFamily, block) && ++total == kMaxImagesPerPage + 1) first_over = &block;
    }
    if (!first_over) return;
    const ExtensionNode& image = first_over->root();
    out.report({.at = {image.offset, tag_length(image)},
                .message = "this <url> has " + grouped(total) + " <" + std::string(image.qualified_name) +
                           "> entries; Google reads at most 1,000 per page — keep the 1,000 most important"});
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_too_many, kMeta, ImageTooMany)
