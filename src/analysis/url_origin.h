// The origin of a URL (RFC 6454) as one string: what the live audit groups requests by, and what
// rules compare hosts by, whatever the case or default port a URL was written with.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// The origin of an absolute http(s) URL: "https://example.com" ("" when it has none), lower case,
// without a default port or user information.
std::string origin_of_url(std::string_view url);

// Whether the absolute `url` is its origin's home page: nothing after the authority but "/" (no
// query: "/?page=2" is another page).
bool is_home_page(std::string_view url);

}  // namespace sitemaplint
