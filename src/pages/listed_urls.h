// The URLs of a parsed sitemap that page rules will ask about, gathered in one quick pass over the
// tree before the rules walk it, so that threads can read their pages ahead (PageLookup::prefetch).
// Only a hint: a URL gathered differently from the rules' form (an internationalised one) is
// looked up again when a rule asks, with the same answer.
#pragma once

#include <string>
#include <vector>

#include "document.h"

namespace sitemaplint {

// <loc>, <image:loc>, <video:thumbnail_loc>, <video:content_loc> and <xhtml:link href> values of
// a <urlset>, trimmed, in document order.
std::vector<std::string> listed_urls(const Document& document);

}  // namespace sitemaplint
