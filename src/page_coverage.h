// Coverage: the pages of a build that search engines may index and that no listed URL leads to.
// PAGE401 reports them; the run's pages summary counts them.
#pragma once

#include <string_view>
#include <vector>

#include "page.h"

namespace sitemaplint {

// Served with 200 as HTML, without noindex (meta or header), canonical to `url` itself or without
// a canonical that counts (Google ignores one that is no URL, and several that disagree), and not
// a 404 page.
bool indexable_page(const PageAnswer& answer, std::string_view url);

// The pages of pages.site_pages() that are indexable and that none of pages.listed_files() is.
std::vector<SitePage> unlisted_pages(const PageLookup& pages);

}  // namespace sitemaplint
