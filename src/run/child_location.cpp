#include "run/child_location.h"

#include <algorithm>
#include <filesystem>

#include <algorithm>
#include <cctype>
#include <vector>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

#include "analysis/reference_resolution.h"

namespace sitemaplint {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

boost::urls::string_view view(std::string_view s) { return boost::urls::string_view(s.data(), s.size()); }

bool is_http(std::string_view scheme) {
  const std::string s = lower(scheme);
  return s == "http" || s == "https";
}

}  // namespace

std::optional<std::string> resolve_child_url(std::string_view ref, std::string_view base) {
  const auto parsed = boost::urls::parse_uri_reference(view(ref));
  if (!parsed) return std::nullopt;
  if (parsed->has_scheme()) {
    if (!is_http(parsed->scheme()) || !parsed->has_authority() || parsed->encoded_host().empty()) return std::nullopt;
    return std::string(ref);
  }
  if (base.empty()) return std::nullopt;
  const auto base_url = boost::urls::parse_uri(view(base));
  if (!base_url || !is_http(base_url->scheme())) return std::nullopt;
  std::string resolved = resolve_reference(ref, base);
  if (resolved.empty()) return std::nullopt;
  return resolved;
}

std::string on_origin_of(std::string_view url, std::string_view origin) {
  const auto parsed = boost::urls::parse_uri(view(url));
  const auto at = boost::urls::parse_uri(view(origin));
  if (!parsed || !at) return std::string(url);
  boost::urls::url moved(*parsed);
  moved.set_scheme(at->scheme());
  moved.set_encoded_host(at->encoded_host());
  if (at->has_port()) moved.set_port(at->port());
  else moved.remove_port();
  return std::string(moved.buffer());
}

std::string robots_txt_url(std::string_view url) {
  const auto parsed = boost::urls::parse_uri(view(url));
  if (!parsed || !is_http(parsed->scheme()) || !parsed->has_authority()) return {};
  boost::urls::url robots(*parsed);
  robots.remove_userinfo();
  robots.set_encoded_path("/robots.txt");
  robots.remove_query();
  robots.remove_fragment();
  return std::string(robots.buffer());
}

bool names_robots_txt(std::string_view input) {
  if (input.find("://") != std::string_view::npos) {
    const auto parsed = boost::urls::parse_uri(view(input));
    return parsed && is_http(parsed->scheme()) && parsed->encoded_path() == "/robots.txt" && !parsed->has_query();
  }
  const std::string name = std::filesystem::path(input).filename().string();
  return name.size() == 10 &&
         std::equal(name.begin(), name.end(), "robots.txt", [](char a, char b) { return (a | 0x20) == b || a == b; });
}

std::string host_of(std::string_view url) {
  const auto parsed = boost::urls::parse_uri(view(url));
  return parsed ? lower(parsed->encoded_host()) : std::string();
}

bool same_origin(std::string_view a, std::string_view b) {
  const auto x = boost::urls::parse_uri(view(a));
  const auto y = boost::urls::parse_uri(view(b));
  if (!x || !y) return false;
  const auto port = [](const boost::urls::url_view& u) {
    if (u.has_port() && !u.port().empty()) return std::string(u.port());
    return std::string(lower(u.scheme()) == "https" ? "443" : "80");
  };
  return lower(x->scheme()) == lower(y->scheme()) && lower(x->encoded_host()) == lower(y->encoded_host()) &&
         port(*x) == port(*y);
}

std::optional<std::string> decoded_path(std::string_view url_or_path) {
  std::string path;
  if (url_or_path.starts_with('/')) {
    const auto parsed = boost::urls::parse_origin_form(view(url_or_path.substr(0, url_or_path.find_first_of("?#"))));
    if (!parsed) return std::nullopt;
    path = parsed->path();
  } else {
    const auto parsed = boost::urls::parse_uri(view(url_or_path));
    if (!parsed) return std::nullopt;
    path = parsed->path();  // percent-decoded
  }
  if (path.find('\0') != std::string::npos) return std::nullopt;
  // Resolve "." and ".." after decoding, so "%2e%2e" cannot climb either; never above "/".
  std::vector<std::string_view> segments;
  const std::string_view text = path;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('/', start), text.size());
    const std::string_view segment = text.substr(start, end - start);
    if (segment == "..") {
      if (!segments.empty()) segments.pop_back();
    } else if (!segment.empty() && segment != ".") {
      segments.push_back(segment);
    }
    start = end + 1;
  }
  std::string out;
  for (std::string_view segment : segments) (out += '/') += segment;
  const bool folder = text.empty() || text.ends_with('/') || text.ends_with("/.") || text.ends_with("/..");
  if (out.empty() || folder) out += '/';
  return out;
}

std::string file_in_folder(const std::string& folder, const std::string& url_folder, const std::string& path) {
  if (!path.starts_with(url_folder)) return {};
  const std::string rest = path.substr(url_folder.size());
  if (rest.empty()) return {};
  std::string base = folder.empty() ? std::string(".") : folder;
  if (!base.ends_with('/')) base += '/';
  return base + rest;
}

}  // namespace sitemaplint
