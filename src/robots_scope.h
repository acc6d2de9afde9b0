// Which URLs of a sitemap the run's robots.txt speaks for: a robots.txt governs only its own
// scheme, host and port (RFC 9309 section 2.3). ROBOTS201 matches these URLs; PAGE106 leaves
// them to it.
#pragma once

#include <string_view>

#include "rule.h"
#include "settings.h"

namespace sitemaplint {

// Whether `robots` governs `url` (a field of an entry), whose ASCII form is `ascii` (valid http(s)):
// its origin's when the run knows it (--base-url, a fetched robots.txt's URL); without one, every
// <loc>, and the other URLs of an entry on its <loc>'s origin.
bool robots_governs(const SiteRobots& robots, const UrlField& url, std::string_view ascii);

}  // namespace sitemaplint
