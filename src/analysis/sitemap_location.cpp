#include "analysis/sitemap_location.h"

#include <algorithm>
#include <cctype>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

namespace sitemaplint {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

struct Parts {
  std::string scheme, host, port, path;
};

std::optional<Parts> parts_of(std::string_view url) {
  const auto parsed = boost::urls::parse_uri(boost::urls::string_view(url.data(), url.size()));
  if (!parsed || !parsed->has_authority()) return std::nullopt;
  Parts parts;
  parts.scheme = lower(parsed->scheme());
  parts.host = lower(parsed->encoded_host());
  // A port is a number: ':08722' is port 8722 (RFC 3986 section 6.2.3), and an empty one, 'host:',
  // the scheme's default. Compared as digits without leading zeros, so a huge one cannot overflow.
  const auto written = parsed->port();
  std::string_view port(written.data(), written.size());
  while (port.size() > 1 && port.front() == '0') port.remove_prefix(1);
  parts.port = std::string(port);
  if (parts.port.empty()) parts.port = parts.scheme == "https" ? "443" : "80";
  // '/blog/../shop/' is '/shop/': compare paths with dot segments removed and unreserved
  // characters decoded, as the server will resolve them.
  boost::urls::url normalized(*parsed);
  normalized.normalize_path();
  parts.path = std::string(normalized.encoded_path());
  if (parts.path.empty()) parts.path = "/";
  return parts;
}

// Whether `rest`, what follows a folder's '/' in a URL, may hold a dot segment ('.' or '..',
// plainly or percent-encoded) that would climb out of the folder once the path is normalised.
// Conservative: a '.' at the start of any segment, or any "%2E", says it may.
bool may_hold_dot_segment(std::string_view rest) {
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const char c = rest[i];
    if (c == '.' && (i == 0 || rest[i - 1] == '/')) return true;
    if (c == '%' && i + 2 < rest.size() && rest[i + 1] == '2' && (rest[i + 2] == 'e' || rest[i + 2] == 'E')) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<SitemapLocation> parse_sitemap_location(std::string_view url, std::string* error) {
  const auto parts = parts_of(url);
  if (!parts || (parts->scheme != "http" && parts->scheme != "https") || parts->host.empty()) {
    *error = "'" + std::string(url) + "' is not an absolute http(s) URL such as https://example.com/sitemap.xml";
    return std::nullopt;
  }
  SitemapLocation location;
  location.url = std::string(url);
  location.scheme = parts->scheme;
  location.host = parts->host;
  location.port = parts->port;
  location.directory = parts->path.substr(0, parts->path.rfind('/') + 1);
  location.path = parts->path;
  const bool default_port = location.port == (location.scheme == "https" ? "443" : "80");
  location.folder_url =
      location.scheme + "://" + location.host + (default_port ? "" : ":" + location.port) + location.directory;
  return location;
}

ScopeVerdict check_scope(const SitemapLocation& location, std::string_view url) {
  // Most URLs of a sitemap start with its folder, written as its address writes it: those are in
  // scope unless a dot segment after the folder leads out of it, with no parsing. The others are
  // parsed and compared part by part.
  if (!location.folder_url.empty() && url.starts_with(location.folder_url) &&
      !may_hold_dot_segment(url.substr(location.folder_url.size()))) {
    return {};
  }
  const auto parts = parts_of(url);
  if (!parts) return {ScopeMismatch::Unparsable, std::string(url)};
  if (parts->scheme != location.scheme) return {ScopeMismatch::Scheme, parts->scheme};
  if (parts->host != location.host) return {ScopeMismatch::Host, parts->host};
  if (parts->port != location.port) return {ScopeMismatch::Port, parts->port};
  if (!parts->path.starts_with(location.directory)) return {ScopeMismatch::Path, parts->path};
  return {};
}

}  // namespace sitemaplint
