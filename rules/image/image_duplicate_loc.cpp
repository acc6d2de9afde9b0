// IMG302 image-duplicate-loc: the same image listed twice for one page.
#include <algorithm>
#include <functional>
#include <vector>

#include "rules/image/utils/image_schema.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "The same image URL twice in one <url>",
                         .docs = R"md(
## What it does
Reports an `<image:loc>` whose URL an earlier `<image:image>` of the same `<url>` already gives,
and points at the first. URLs are compared after normalising the case of scheme and host, default
ports and percent-encoding; path and query are compared exactly. The same image on several pages
is fine and not reported.

## Why it matters
No authority forbids it, but a repeated image adds nothing and counts against the 1,000 images a
page may list; it usually comes from a template that emits the same picture twice (a thumbnail
and its full-size link pointing at one file).

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>https://example.com/gallery</loc>
    <image:image><image:loc>https://example.com/photo.jpg</image:loc></image:image>
    <image:image><image:loc>https://EXAMPLE.com/photo.jpg</image:loc></image:image>
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
                         .authorities = kAdvice};

class ImageDuplicateLoc final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls({UrlFieldKind::ImageLoc}); }
  void on_url(const UrlField& url, FindingSink& out) override {
    if (url.kind != UrlFieldKind::ImageLoc || !is_page_entry(*url.entry)) return;
    if (url.entry->index != entry_index_) {
      entry_index_ = url.entry->index;
      seen_.clear();
    }
    const UrlAnalysis& a = url.analysis();
    if (!usable_url(a)) return;
    const std::string_view normal = normalised_url(a, buffer_);
    // Most URLs are their own normal form, which stays in the entry's text while the entry is
    // read: such a URL is kept as a view and compared by length, then bytes; one that had to be
    // normalised (into a buffer the next URL reuses) by a 64-bit hash of its normal form, which
    // a page of at most 1,000 images will not see collide.
    const bool as_written = normal.data() == a.trimmed.data();
    std::uint64_t hash = 0;
    bool hashed = false;
    const auto hash_of_normal = [&] {
      if (!hashed) hash = std::hash<std::string_view>{}(normal), hashed = true;
      return hash;
    };
    const Span span = url_span(*url.field, a);
    const auto first = std::find_if(seen_.begin(), seen_.end(), [&](const Seen& s) {
      if (s.length != normal.size()) return false;
      return s.text.data() ? s.text == normal : s.hash == hash_of_normal();
    });
    if (first == seen_.end()) {
      // Google reads 1,000 images per page (image-too-many): later ones are compared with those,
      // which also bounds the work on a hostile page of a million images.
      if (seen_.size() < kMaxImagesPerPage) {
        seen_.push_back(as_written ? Seen{normal, 0, normal.size(), span.offset}
                                   : Seen{{}, hash_of_normal(), normal.size(), span.offset});
      }
      return;
    }
    out.report(
        {.at = span,
         .message = "image " + quoted(a.trimmed) + " is already listed for this page; remove the repeated image block",
         .related = RelatedLocation{first->offset, "the first listing of the image"}});
  }

 private:
  struct Seen {
    std::string_view text;  // the URL as written, when that is its normal form
    std::uint64_t hash;  // otherwise the hash of its normal form
    std::size_t length;  // of the normal form
    std::size_t offset;
  };
  std::size_t entry_index_ = static_cast<std::size_t>(-1);
  std::vector<Seen> seen_;  // this <url>'s image URLs so far; its capacity is reused
  std::string buffer_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(image_duplicate_loc, kMeta, ImageDuplicateLoc)
