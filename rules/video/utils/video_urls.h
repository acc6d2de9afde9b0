// How the video rules read the URLs of a video and of its page, on top of the shared URL pieces
// (usable_url, normalised_url, path_extension in extension_urls.h; UrlAnalysis::path): when two URLs
// are the same, which video platform's page a URL is, which file types are pages or supported
// videos, which block a URL field is in. Nothing here allocates once its buffers have grown.
#pragma once

#include <string>
#include <string_view>

#include "rule.h"
#include "rules/extension/extension_support.h"
#include "url_analysis.h"

namespace sitemaplint::video {

using sitemaplint::SameUrl;  // extension_support.h

// The host of a usable URL in its ASCII form, without a leading "www." (any case).
std::string_view host_without_www(const UrlAnalysis& a);

// The video hosting platform whose page a usable URL is ("YouTube", "Vimeo", "Dailymotion"): a
// watch, embed or short-link page, which Google reads as a player, not as a media file; "" if none.
std::string_view hosting_platform(const UrlAnalysis& a);

// File types (D8, as path_extension gives them): an HTML page's, which a media URL must not have;
// and the video types Google lists as supported ("3GP, 3G2, ASF, AVI, DivX, M2V, M3U, M3U8, M4V,
// MKV, MOV, MP4, MPEG, OGV, QVT, RAM, RM, VOB, WebM, WMV, and XAP", with MPEG's .mpg and .mpe).
bool is_html_type(std::string_view type);
bool is_listed_video_type(std::string_view type);

// For a URL field held in the text of an element of an extension block (<video:content_loc>,
// <video:player_loc>, <video:thumbnail_loc>): the block it is in; nullptr for any other field.
const ExtensionBlock* video_block_of(const UrlField& url);

}  // namespace sitemaplint::video
