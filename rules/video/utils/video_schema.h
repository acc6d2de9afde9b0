// Google's video sitemap extension as data: sitemap-video.xsd 1.1 (the children of <video:video>
// in the XSD's sequence order, how often each may occur, their attributes; the six children of the
// deprecated <video:tvshow>) and the limits Google documents. The video rules check against it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "rules/extension/extension_support.h"

namespace sitemaplint {

inline constexpr AttributeSpec kVideoPlayerLocAttributes[] = {{"allow_embed"}, {"autoplay"}};  // both deprecated
inline constexpr AttributeSpec kVideoSegmentAttributes[] = {{"duration"}};
inline constexpr AttributeSpec kVideoRelationshipAttribute[] = {{"relationship", true}};
inline constexpr AttributeSpec kVideoGalleryAttributes[] = {{"title"}};
inline constexpr AttributeSpec kVideoPriceAttributes[] = {{"currency"}, {"type"}, {"resolution"}};
inline constexpr AttributeSpec kVideoUploaderAttributes[] = {{"info"}};
inline constexpr AttributeSpec kVideoIdAttributes[] = {{"type", true}};

inline constexpr ElementSpec kVideoTvshowChildren[] = {
    {.name = "show_title", .min_occurs = 1},
    {.name = "video_type", .min_occurs = 1},
    {.name = "episode_title"},
    {.name = "season_number"},
    {.name = "episode_number"},
    {.name = "premier_date"},
};

// Deprecated: removed from Google's documentation in 2022 (category, gallery_loc, price, tvshow).
// content_segment_loc and id were never in Google's documentation; VID402 reports them.
inline constexpr ElementSpec kVideoChildren[] = {
    {.name = "thumbnail_loc", .min_occurs = 1},
    {.name = "title", .min_occurs = 1},
    {.name = "description", .min_occurs = 1},
    {.name = "content_loc"},
    {.name = "player_loc", .attributes = kVideoPlayerLocAttributes},
    {.name = "duration"},
    {.name = "expiration_date"},
    {.name = "rating"},
    {.name = "content_segment_loc", .max_occurs = kUnbounded, .attributes = kVideoSegmentAttributes},
    {.name = "view_count"},
    {.name = "publication_date"},
    {.name = "tag", .max_occurs = 32},
    {.name = "category", .deprecated = true},
    {.name = "family_friendly"},
    {.name = "restriction", .attributes = kVideoRelationshipAttribute},
    {.name = "gallery_loc", .attributes = kVideoGalleryAttributes, .deprecated = true},
    {.name = "price", .max_occurs = kUnbounded, .attributes = kVideoPriceAttributes, .deprecated = true},
    {.name = "requires_subscription"},
    {.name = "uploader", .attributes = kVideoUploaderAttributes},
    {.name = "tvshow", .children = kVideoTvshowChildren, .deprecated = true},
    {.name = "platform", .attributes = kVideoRelationshipAttribute},
    {.name = "live"},
    {.name = "id", .max_occurs = kUnbounded, .attributes = kVideoIdAttributes},
};
inline constexpr ElementSpec kVideoElement{.name = "video", .children = kVideoChildren};

inline constexpr ExtensionFamily kVideoFamily{
    "video",        kVideoNamespace,
    "video",        R"(^(google\.com|sitemaps\.org)/schemas/sitemap[-_]?videos?(/[^/]*)?$)",
    &kVideoElement, "the page that shows the video"};

// Limits: Google's video sitemap reference, else the XSD's facets (each rule says whose).
inline constexpr std::size_t kMaxVideoTitle = 100;  // XSD maxLength; Google's page states none
inline constexpr std::size_t kMaxVideoDescription = 2048;  // Google and the XSD
inline constexpr std::size_t kMaxVideoUploader = 255;  // Google only
inline constexpr std::size_t kMaxVideoTags = 32;  // Google and the XSD
inline constexpr std::uint64_t kMaxVideoDuration = 28800;  // seconds (8 hours); Google: from 1, the XSD from 0
inline constexpr std::size_t kMaxVideoCategory = 256;  // XSD maxLength of the deprecated <video:category>

}  // namespace sitemaplint
