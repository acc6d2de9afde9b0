#include "rules/extension_urls.h"

#include <algorithm>
#include <array>

#include "analysis/ascii.h"
#include "analysis/same_url.h"

namespace sitemaplint {

bool usable_url(const UrlAnalysis& a) {
  return a.shape == UrlShape::Http && a.valid_utf8 && a.syntax_valid &&
         (a.host_problem == HostProblem::None || a.host_problem == HostProblem::NotQualified);
}

namespace {

// Where the path begins in a usable URL: after the scheme, the authority and its port.
std::size_t path_start(const UrlAnalysis& a) {
  std::size_t at = a.scheme.size() + 1;
  if (a.has_authority && a.host_at != kNoPosition) {
    at = a.host_at + a.host.size();
    while (at < a.trimmed.size() && a.trimmed[at] != '/' && a.trimmed[at] != '?' && a.trimmed[at] != '#') ++at;
  }
  return at;
}

}  // namespace

std::string_view normalised_url(const UrlAnalysis& a, std::string& buffer) {
  if (is_normal_form(a.trimmed)) return a.trimmed;  // most URLs: no copy
  // The one normal form every URL comparison uses (analysis/same_url.h), of the URL with its host
  // as IDNA writes it, so that a Unicode host and its xn-- form are the same host.
  std::string_view url = a.trimmed;
  thread_local std::string with_ascii_host;
  if (a.has_authority && a.host_at != kNoPosition && !a.ascii_host.empty() && a.ascii_host != a.host) {
    with_ascii_host.assign(url.substr(0, a.host_at)).append(a.ascii_host).append(url.substr(a.host_at + a.host.size()));
    url = with_ascii_host;
  }
  normalise_url(url, &buffer);
  return buffer;
}

bool SameUrl::operator()(const UrlAnalysis& a, const UrlAnalysis& b) {
  if (a.trimmed == b.trimmed) return true;
  if (!ascii_equal_ignoring_case(a.ascii_host, b.ascii_host)) return false;
  return normalised_url(a, a_) == normalised_url(b, b_);
}

namespace {

constexpr std::array<std::string_view, 9> kPageTypes = {"html", "htm", "xhtml", "shtml", "php",
                                                         "asp",  "aspx", "jsp", "cfm"};
constexpr std::array<std::string_view, 4> kVideoTypes = {"mp4", "webm", "mov", "avi"};
constexpr std::array<std::string_view, 8> kUnindexedImageTypes = {"tif", "tiff", "heic", "heif",
                                                                  "psd", "eps",  "ai",   "raw"};

template <std::size_t N>
bool listed(const std::array<std::string_view, N>& list, std::string_view extension) {
  return std::find(list.begin(), list.end(), extension) != list.end();
}

}  // namespace

std::string not_an_indexable_image(std::string_view extension) {
  // Nearly every image URL ends in one of these: answered before the lists are searched.
  if (extension == "jpg" || extension == "png" || extension == "jpeg" || extension == "webp" || extension.empty()) {
    return {};
  }
  if (listed(kPageTypes, extension)) return "looks like a page, not an image file";
  if (extension == "pdf") return "is a PDF document, not an image file";
  if (listed(kVideoTypes, extension)) return "is a video file, not an image";
  if (listed(kUnindexedImageTypes, extension)) {
    return "is a " + ascii_uppered(extension) + " image, a format Google does not index";
  }
  return {};
}

std::string_view url_path(const UrlAnalysis& a) {
  const std::string_view url = a.trimmed;
  const std::size_t begin = std::min(path_start(a), url.size());
  // A plain loop: find_first_of with a set of characters costs a memchr per character.
  std::size_t end = begin;
  while (end < url.size() && url[end] != '?' && url[end] != '#') ++end;
  return url.substr(begin, end - begin);
}

std::string_view path_extension(const UrlAnalysis& a, std::string& buffer) {
  buffer.clear();
  const std::string_view path = url_path(a);
  const std::size_t slash = path.rfind('/');
  const std::string_view segment = slash == std::string_view::npos ? path : path.substr(slash + 1);
  if (segment.find('%') == std::string_view::npos) {  // nothing to decode: only the extension is copied
    const std::size_t dot = segment.rfind('.');
    if (dot == std::string_view::npos) return {};
    for (const char c : segment.substr(dot + 1)) buffer += ascii_lower(c);
  } else {
    for (std::size_t i = 0; i < segment.size(); ++i) {
      if (segment[i] == '%' && i + 2 < segment.size() && hex_value(segment[i + 1]) >= 0 && hex_value(segment[i + 2]) >= 0) {
        buffer += static_cast<char>(hex_value(segment[i + 1]) * 16 + hex_value(segment[i + 2]));
        i += 2;
      } else {
        buffer += ascii_lower(segment[i]);
      }
    }
    const std::size_t dot = buffer.rfind('.');
    if (dot == std::string::npos) return {};
    buffer.erase(0, dot + 1);
    for (char& c : buffer) c = ascii_lower(c);
  }
  const bool plain = !buffer.empty() && buffer.size() <= 5 &&
                     std::all_of(buffer.begin(), buffer.end(), [](char c) { return is_ascii_alpha(c) || is_ascii_digit(c); });
  return plain ? std::string_view(buffer) : std::string_view();
}

}  // namespace sitemaplint
