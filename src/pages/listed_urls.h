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

// The same URLs of the entries from `first_entry` on (it and its following siblings): those of a
// piece of the root's content (engine/pieces.h), appended to `urls`.
void append_listed_urls(pugi::xml_node first_entry, std::vector<std::string>& urls);

}  // namespace sitemaplint
