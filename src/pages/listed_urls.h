// The URLs of a parsed sitemap that page rules will ask about, gathered in one quick pass over the
// tree before the rules walk it, so that threads can read their pages ahead (PageLookup::prefetch)
// and the live audit can fetch them in the listing's order. Each in the spelling the page rules ask
// for it: the live audit fetches what it is given.
#pragma once

#include <string>
#include <vector>

#include "document.h"

namespace sitemaplint {

// <loc>, <image:loc>, <video:thumbnail_loc>, <video:content_loc> and <xhtml:link href> values of
// a <urlset> that are absolute http(s) URLs, in document order: entities decoded, trimmed, and
// percent-encoded where they hold non-ASCII characters (UrlAnalysis::ascii_form).
std::vector<std::string> listed_urls(const Document& document);

}  // namespace sitemaplint
