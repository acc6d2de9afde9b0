// Facts of the protocols that the engine and the rules share: the namespaces of the sitemaps.org
// protocol and of Google's extensions, and which fields hold URLs (they all get the URL rules).
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace sitemaplint {

// Each URI is an inline array, one object with one address in the whole program, so that a
// namespace the walker resolved to it (canonical_namespace) is recognised by its address.
namespace namespace_text {
inline constexpr char kSitemap[] = "http://www.sitemaps.org/schemas/sitemap/0.9";
inline constexpr char kImage[] = "http://www.google.com/schemas/sitemap-image/1.1";
inline constexpr char kVideo[] = "http://www.google.com/schemas/sitemap-video/1.1";
inline constexpr char kNews[] = "http://www.google.com/schemas/sitemap-news/0.9";
inline constexpr char kXhtml[] = "http://www.w3.org/1999/xhtml";
}  // namespace namespace_text
inline constexpr std::string_view kSitemapNamespace{namespace_text::kSitemap};
inline constexpr std::string_view kImageNamespace{namespace_text::kImage};
inline constexpr std::string_view kVideoNamespace{namespace_text::kVideo};
inline constexpr std::string_view kNewsNamespace{namespace_text::kNews};
inline constexpr std::string_view kXhtmlNamespace{namespace_text::kXhtml};

// `uri` itself, or the constant above that spells it: the walker resolves namespaces through
// this, so that same_namespace() finds the usual ones equal without comparing 47 bytes.
inline std::string_view canonical_namespace(std::string_view uri) {
  for (const std::string_view known : {kSitemapNamespace, kImageNamespace, kVideoNamespace, kNewsNamespace, kXhtmlNamespace}) {
    if (uri == known) return known;
  }
  return uri;
}

// Whether two namespace URIs are the same: by address first (see canonical_namespace), by text
// otherwise, so a namespace from anywhere compares right. Every extension node is compared with
// its family's namespace by several rules.
inline bool same_namespace(std::string_view a, std::string_view b) {
  return (a.data() == b.data() && a.size() == b.size()) || a == b;
}

// Whether two element names are the same. They are a few bytes long and compared for every node
// of a block by several rules: a plain loop costs less than the call to memcmp that == makes.
inline bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

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
