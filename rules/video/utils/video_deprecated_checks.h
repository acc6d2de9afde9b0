// The XSD's constraints on the video tags Google does not read (deprecated in 2022, or never
// documented), for VID403: one check per tag, each reporting what a schema validator would reject.
#pragma once

#include "rules/rule_support.h"
#include "url_analysis.h"

namespace sitemaplint::video {

void check_category(const ExtensionNode& category, FindingSink& out);
void check_gallery_loc(const ExtensionNode& gallery_loc, UrlAnalysis& scratch, FindingSink& out);
void check_price(const ExtensionNode& price, FindingSink& out);
void check_tvshow(const ExtensionBlock& block, const ExtensionNode& tvshow, FindingSink& out);
void check_content_segment_loc(const ExtensionBlock& block, const ExtensionNode& segment, UrlAnalysis& scratch,
                               FindingSink& out);
void check_id(const ExtensionNode& id, FindingSink& out);
// The deprecated allow_embed attribute of <video:player_loc>.
void check_allow_embed(const ExtensionNode& player_loc, FindingSink& out);

}  // namespace sitemaplint::video
