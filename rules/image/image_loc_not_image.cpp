// IMG201 image-loc-not-image: an <image:loc> that names a page or a file Google does not index as
// an image.
#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An <image:loc> is a page's URL or a file that is not an indexable image",
                         .docs = R"md(
## What it does
Reports an `<image:loc>` that is the page's own URL (its `<loc>`, compared after normalising case,
default port and percent-encoding), or whose file extension names a page (`.html`, `.htm`,
`.xhtml`, `.shtml`, `.php`, `.asp`, `.aspx`, `.jsp`, `.cfm`), a document (`.pdf`), a video
(`.mp4`, `.webm`, `.mov`, `.avi`), or an image format Google does not index (`.tif`, `.tiff`,
`.heic`, `.heif`, `.psd`, `.eps`, `.ai`, `.raw`). URLs without an extension, or with any other,
are not reported: many image servers use neither (`/img?id=7`). URLs that the URL rules reject
are theirs.

## Why it matters
`<image:loc>` is "the URL of the image" (Google), and Google indexes BMP, GIF, JPEG, PNG, WebP,
SVG and AVIF images. A page URL there usually means the generator wrote the page where the image
belongs; the image is then not found through the sitemap.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image><image:loc>https://example.com/photos/sunset.html</image:loc></image:image>
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
    <image:image><image:loc>https://example.com/photos/sunset.jpg</image:loc></image:image>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle};

class ImageLocNotImage final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls({UrlFieldKind::ImageLoc}); }
  void on_url(const UrlField& url, FindingSink& out) override {
    if (url.kind != UrlFieldKind::ImageLoc || !is_page_entry(*url.entry)) return;
    const UrlAnalysis& a = url.analysis();
    if (!usable_url(a)) return;
    const std::string problem = is_page_url(a, *url.entry)
                                    ? "is the page's own URL (its <loc>), not an image file"
                                    : not_an_indexable_image(path_extension(a, extension_buffer_));
    if (problem.empty()) return;
    const Span span = url_span(*url.field, a);
    out.report({.at = span,
                .message = url.quoted_value() + " " + problem + "; give the URL of the image itself (" +
                           std::string(kIndexedImageFormats) + ")"});
  }

 private:
  bool is_page_url(const UrlAnalysis& image, const Entry& entry) {
    if (!entry.loc.present) return false;
    const UrlAnalysis& page = entry.loc_analysis();
    return usable_url(page) && same_(page, image);
  }

  SameUrl same_;
  std::string extension_buffer_;  // reused: no allocation per URL
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_loc_not_image, kMeta, ImageLocNotImage)
