// Facts of the protocols that the engine and the rules share: the namespaces of the sitemaps.org
// protocol and of Google's extensions, and which fields hold URLs (they all get the URL rules).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include "analysis/ascii.h"

namespace sitemaplint {

// Each URI is an inline array, one object with one address in the whole program, so that a
// namespace the walker resolved to it (canonical_namespace) is recognised by its address.
namespace namespace_text {
inline constexpr char kSitemap[] = "http://www.sitemaps.org/schemas/sitemap/0.9";
inline constexpr char kImage[] = "http://www.google.com/schemas/sitemap-image/1.1";
inline constexpr char kVideo[] = "http://www.google.com/schemas/sitemap-video/1.1";
inline constexpr char kNews[] = "http://www.google.com/schemas/sitemap-news/0.9";
inline constexpr char kXhtml[] = "http://www.w3.org/1999/xhtml";
inline constexpr char kPageMap[] = "http://www.google.com/schemas/sitemap-pagemap/1.0";
inline constexpr char kMobile[] = "http://www.google.com/schemas/sitemap-mobile/1.0";
}  // namespace namespace_text
inline constexpr std::string_view kSitemapNamespace{namespace_text::kSitemap};
inline constexpr std::string_view kImageNamespace{namespace_text::kImage};
inline constexpr std::string_view kVideoNamespace{namespace_text::kVideo};
inline constexpr std::string_view kNewsNamespace{namespace_text::kNews};
inline constexpr std::string_view kXhtmlNamespace{namespace_text::kXhtml};
// What Namespaces in XML binds by definition: the prefix xml, and the prefix xmlns (never declared).
inline constexpr std::string_view kXmlNamespace = "http://www.w3.org/XML/1998/namespace";
inline constexpr std::string_view kXmlnsNamespace = "http://www.w3.org/2000/xmlns/";
// Google's PageMap extension, read by Programmable Search Engine.
inline constexpr std::string_view kPageMapNamespace{namespace_text::kPageMap};
// Google's mobile extension (<mobile:mobile/>, for feature-phone pages), which Google no longer
// documents.
inline constexpr std::string_view kMobileNamespace{namespace_text::kMobile};

inline constexpr std::array<std::string_view, 7> kKnownNamespaces{kSitemapNamespace, kImageNamespace, kVideoNamespace,
                                                                  kNewsNamespace,    kXhtmlNamespace, kPageMapNamespace,
                                                                  kMobileNamespace};

// The index of `uri` in kKnownNamespaces (kKnownNamespaces.size() for any other URI): by address
// first, so a namespace the walker resolved costs a few pointer comparisons.
inline std::size_t known_namespace_index(std::string_view uri) {
  for (std::size_t i = 0; i < kKnownNamespaces.size(); ++i) {
    if (uri.data() == kKnownNamespaces[i].data() && uri.size() == kKnownNamespaces[i].size()) return i;
  }
  for (std::size_t i = 0; i < kKnownNamespaces.size(); ++i) {
    if (uri == kKnownNamespaces[i]) return i;
  }
  return kKnownNamespaces.size();
}

// `uri` itself, or the constant above that spells it: the walker resolves namespaces through
// this, so that same_namespace() finds the usual ones equal without comparing 47 bytes.
inline std::string_view canonical_namespace(std::string_view uri) {
  const std::size_t known = known_namespace_index(uri);
  return known < kKnownNamespaces.size() ? kKnownNamespaces[known] : uri;
}

// Whether two namespace URIs are the same: by address first (see canonical_namespace), by text
// otherwise, so a namespace from anywhere compares right. Every extension node is compared with
// its family's namespace by several rules. URIs of one length mostly differ near their end
// (sitemap-image/1.1 and sitemap-video/1.1), so the text is compared from there.
inline bool same_namespace(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  if (a.data() == b.data()) return true;
  for (std::size_t i = a.size(); i > 0; --i) {
    if (a[i - 1] != b[i - 1]) return false;
  }
  return true;
}

// Whether two element names are the same. They are a few bytes long and compared for every node
// of a block by several rules: same_bytes compares whole words, where == calls memcmp.
inline bool same_name(std::string_view a, std::string_view b) { return same_bytes(a, b); }

// The protocol's limits on a sitemap's uncompressed size and on its entries.
inline constexpr std::size_t kProtocolMaxBytes = 52'428'800;
inline constexpr std::size_t kMaxEntries = 50'000;
// "Each <url> tag can contain up to 1,000 <image:image> tags." (Google; the image XSD's annotation too)
inline constexpr std::size_t kMaxImagesPerPage = 1000;

// Every field whose value is a URL. Loc is an entry's <loc> (or a feed item's link, or a
// robots.txt's Sitemap: line); the others live in extension blocks.
enum class UrlFieldKind {
  Loc,
  ImageLoc,  // <image:image><image:loc>
  VideoThumbnailLoc,  // <video:video><video:thumbnail_loc>
  VideoContentLoc,  // <video:video><video:content_loc>
  VideoPlayerLoc,  // <video:video><video:player_loc>
  VideoUploaderInfo,  // <video:video><video:uploader info="...">
  HreflangHref,  // <xhtml:link href="...">
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
  std::string_view label;  // how messages name it, e.g. "<image:loc>"
};

inline constexpr UrlFieldSpec kExtensionUrlFields[] = {
    {UrlFieldKind::ImageLoc, kImageNamespace, "image", "loc", "", "<image:loc>"},
    {UrlFieldKind::VideoThumbnailLoc, kVideoNamespace, "video", "thumbnail_loc", "", "<video:thumbnail_loc>"},
    {UrlFieldKind::VideoContentLoc, kVideoNamespace, "video", "content_loc", "", "<video:content_loc>"},
    {UrlFieldKind::VideoPlayerLoc, kVideoNamespace, "video", "player_loc", "", "<video:player_loc>"},
    {UrlFieldKind::VideoUploaderInfo, kVideoNamespace, "video", "uploader", "info",
     "the info attribute of <video:uploader>"},
    {UrlFieldKind::HreflangHref, kXhtmlNamespace, "link", "link", "href", "the href of <xhtml:link>"},
};

// The values <changefreq> may take (sitemaps.org, the XSD's tChangeFreq), in the protocol's order.
inline constexpr std::array<std::string_view, 7> kChangefreqValues{"always",  "hourly", "daily", "weekly",
                                                                   "monthly", "yearly", "never"};

}  // namespace sitemaplint
