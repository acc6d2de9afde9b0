#include "analysis/url_origin.h"

#include "analysis/ascii.h"

namespace sitemaplint {

std::string origin_of_url(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return "";
  const std::string scheme = ascii_lowered(url.substr(0, scheme_end));
  if (scheme != "http" && scheme != "https") return "";
  std::string_view authority = url.substr(scheme_end + 3);
  authority = authority.substr(0, authority.find_first_of("/?#"));
  if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos) authority = authority.substr(at + 1);
  std::string lower = ascii_lowered(authority);
  // The port as a number: "080" is 80, and an empty port or the scheme's own is no port at all.
  const std::size_t colon = lower.rfind(':');
  if (colon != std::string::npos && lower.find(']', colon) == std::string::npos) {
    std::size_t zeros = 0;
    while (colon + 1 + zeros + 1 < lower.size() && lower[colon + 1 + zeros] == '0') ++zeros;
    lower.erase(colon + 1, zeros);
    const std::string_view port = std::string_view(lower).substr(colon + 1);
    if (port.empty() || port == (scheme == "https" ? "443" : "80")) lower.resize(colon);
  }
  if (lower.empty()) return "";
  return scheme + "://" + lower;
}

bool is_home_page(std::string_view url) {
  const std::size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return false;
  const std::size_t path = url.find_first_of("/?#", scheme_end + 3);
  if (path == std::string_view::npos) return true;
  const std::string_view rest = url.substr(path, url.find('#', path) - path);
  return rest.empty() || rest == "/";
}

}  // namespace sitemaplint
