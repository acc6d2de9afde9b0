// Facts of the protocols that the engine and the rules share: the namespaces of the sitemaps.org
// protocol and of Google's extensions, and which fields hold URLs (they all get the URL rules).
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace sitemaplint {

inline constexpr std::string_view kSitemapNamespace = "http://www.sitemaps.org/schemas/sitemap/0.9";
inline constexpr std::string_view kImageNamespace = "http://www.google.com/schemas/sitemap-image/1.1";
inline constexpr std::string_view kVideoNamespace = "http://www.google.com/schemas/sitemap-video/1.1";
inline constexpr std::string_view kNewsNamespace = "http://www.google.com/schemas/sitemap-news/0.9";
inline constexpr std::string_view kXhtmlNamespace = "http://www.w3.org/1999/xhtml";

// The protocol's limits on a sitemap's uncompressed size and on its entries.
inline constexpr std::size_t kProtocolMaxBytes = 52'428'800;
inline constexpr std::size_t kMaxEntries = 50'000;

// Every field whose value is a URL. Loc is an entry's <loc> (or a feed item's link, or a
// robots.txt's Sitemap: line); the others live in extension blocks.
enum class UrlFieldKind {
  Loc,
  ImageLoc,           // <image:image><image:loc>
  VideoThumbnailLoc,  // <video:video><video:thumbnail_loc>
  VideoContentLoc,    // <video:video><video:content_loc>
  VideoPlayerLoc,     // <video:video><video:player_loc>
  VideoUploaderInfo,  // <video:video><video:uploader info="...">
  HreflangHref,       // <xhtml:link href="...">
};
inline constexpr std::size_t kUrlFieldKinds = 7;

// Where an extension URL field is: element `element` of namespace `ns` inside a block whose root
// is `block` (the element itself for xhtml:link), its text or, with `attribute`, that attribute.
struct UrlFieldSpec {
  UrlFieldKind kind;
  std::string_view ns;
  std::string_view block;
  std::string_view element;
  std::string_view attribute;  // empty: the element's text
  std::string_view label;      // how messages name it, e.g. "<image:loc>"
};

inline constexpr UrlFieldSpec kExtensionUrlFields[] = {
    {UrlFieldKind::ImageLoc, kImageNamespace, "image", "loc", "", "<image:loc>"},
    {UrlFieldKind::VideoThumbnailLoc, kVideoNamespace, "video", "thumbnail_loc", "", "<video:thumbnail_loc>"},
    {UrlFieldKind::VideoContentLoc, kVideoNamespace, "video", "content_loc", "", "<video:content_loc>"},
    {UrlFieldKind::VideoPlayerLoc, kVideoNamespace, "video", "player_loc", "", "<video:player_loc>"},
    {UrlFieldKind::VideoUploaderInfo, kVideoNamespace, "video", "uploader", "info", "the info attribute of <video:uploader>"},
    {UrlFieldKind::HreflangHref, kXhtmlNamespace, "link", "link", "href", "the href of <xhtml:link>"},
};

}  // namespace sitemaplint
