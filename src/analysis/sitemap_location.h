// Where a sitemap is served (--base-url), which decides the URLs it may list: the sitemaps.org
// protocol's "sitemap file location" rule, Search Console's "URL not allowed".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sitemaplint {

struct SitemapLocation {
  std::string url;  // as given
  std::string scheme;  // lower case: http or https
  std::string host;  // lower case, as written (an IDN host in its xn-- form)
  std::string port;  // explicit, or the scheme's default
  std::string directory;  // the path up to and including its last '/'
  std::string path;  // the whole path, percent-encoded as written
  // scheme://host[:port]directory, the port only when it is not the scheme's default: the start
  // of every URL in scope written as plainly as the sitemap's address (check_scope's fast path).
  std::string folder_url;
};

// Parses an absolute http(s) URL. On failure returns nullopt and a one-line *error.
std::optional<SitemapLocation> parse_sitemap_location(std::string_view url, std::string* error);

enum class ScopeMismatch { None, Scheme, Host, Port, Path, Unparsable };

struct ScopeVerdict {
  ScopeMismatch mismatch = ScopeMismatch::None;
  std::string found;  // the differing part of the URL, e.g. "http", "www.example.com", "/other/"
};

// Whether `url` (a syntactically valid http(s) URL, ASCII) lies within `location`'s scope.
ScopeVerdict check_scope(const SitemapLocation& location, std::string_view url);

}  // namespace sitemaplint
