// VID206 video-player-loc-is-content-loc: one URL given as both the media file and the player.
#include "rules/rule_support.h"
#include "rules/extension/extension_support.h"
#include "rules/video/utils/video_urls.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "<video:player_loc> and <video:content_loc> are the same URL",
                         .docs = R"md(
## What it does
Reports a `<video:player_loc>` that is the same URL as the `<video:content_loc>` of the same video
(after normalising case, default ports and percent-escapes), on the player's value, with the
content location as related location.

## Why it matters
The two say different things: `<video:content_loc>` is "the actual video media file",
`<video:player_loc>` "a player for a specific video". One URL cannot be both, so one of them is
wrong: usually a player page was copied into `content_loc`, or a media file into `player_loc`.
Google reads whichever it can use, hence a warning.

## Example
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
      <video:player_loc>https://example.com/media/knots.mp4</video:player_loc>
    </video:video>
  </url>
</urlset>
```

## Use instead
```xml
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
  <url>
    <loc>https://example.com/lessons/knots</loc>
    <video:video>
      <video:thumbnail_loc>https://example.com/thumbs/knots.jpg</video:thumbnail_loc>
      <video:title>Three knots for sailors</video:title>
      <video:description>A bowline, a cleat hitch and a reef knot, tied slowly.</video:description>
      <video:content_loc>https://example.com/media/knots.mp4</video:content_loc>
      <video:player_loc>https://example.com/embed/knots</video:player_loc>
    </video:video>
  </url>
</urlset>
```
)md",
                         .authorities = kGoogle | kRfc3986};

// The URL rules see each field once, the fields of one block one after the other; the first
// content_loc and the first player_loc of a block are kept until both are there. A block is known
// by its address and its entry's index: the next entry's blocks reuse the addresses.
class VideoPlayerLocIsContentLoc final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override {
    s.urls({UrlFieldKind::VideoContentLoc, UrlFieldKind::VideoPlayerLoc});
  }
  void on_url(const UrlField& url, FindingSink& out) override {
    const bool content = url.kind == UrlFieldKind::VideoContentLoc;
    if ((!content && url.kind != UrlFieldKind::VideoPlayerLoc) || !is_page_entry(*url.entry)) return;
    const Kept here{video::video_block_of(url), url.entry->index, url};
    Kept& kept = content ? content_ : player_;
    if (!here.block || kept.same_block(here)) return;  // a second one of a kind is a duplicate, VID105's
    kept = here;
    if (!content_.same_block(player_)) return;
    const UrlAnalysis& player = player_.url.analysis();
    const UrlAnalysis& media = content_.url.analysis();
    if (!usable_url(player) || !usable_url(media) || !same_(player, media)) return;
    const Span span = url_span(*player_.url.field, player);
    out.report({.at = span,
                .message = std::string(player_.url.label) + " and " + std::string(content_.url.label) +
                           " are the same URL (" + quoted(player.trimmed) +
                           "); one of them is wrong: content_loc is the media file, player_loc a player for it",
                .related = RelatedLocation{content_.url.field->element_offset, "the <video:content_loc>"}});
  }

 private:
  struct Kept {
    const ExtensionBlock* block = nullptr;
    std::size_t entry = 0;
    UrlField url;

    bool same_block(const Kept& other) const { return block && block == other.block && entry == other.entry; }
  };
  Kept content_, player_;
  video::SameUrl same_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(video_player_loc_is_content_loc, kMeta, VideoPlayerLocIsContentLoc)
