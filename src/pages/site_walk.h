// The HTML pages of a build folder, for coverage: every .html file under it (hidden folders and
// whatever leaves the folder left out), and the URL paths a host might serve each at, in the
// order a site would list them (a folder's page with its final slash, a page without ".html"),
// for the lookup to keep the first that the host answers with that very file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

// The .html and .htm files under `root`, as paths relative to it ("a/index.html"), sorted.
std::vector<std::string> html_files_under(const std::string& root);

// "/a/" and "/a/index.html" for "a/index.html"; "/a", "/a.html" for "a.html". Percent-encoded
// where a byte may not stand in a URL path.
std::vector<std::string> url_paths_for(std::string_view relative_file);

}  // namespace sitemaplint
