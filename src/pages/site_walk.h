// The URL paths a host might serve a page of a build at, for coverage, in the order a site would
// list them (a folder's page with its final slash, a page without ".html"), for the lookup to keep
// the first that the host answers with that very file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

// "/a/" and "/a/index.html" for "a/index.html"; "/a", "/a.html" for "a.html". Percent-encoded
// where a byte may not stand in a URL path.
std::vector<std::string> url_paths_for(std::string_view relative_file);

}  // namespace sitemaplint
