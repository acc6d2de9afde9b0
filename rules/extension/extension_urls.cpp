#include "rules/extension/extension_urls.h"

#include <algorithm>
#include <array>

#include "analysis/ascii.h"
#include "analysis/same_url.h"
#include "rules/extension/extension_support.h"

namespace sitemaplint {

std::string_view normalised_url(const UrlAnalysis& a, std::string& buffer) {
  if (a.normal_form || is_normal_form(a.trimmed)) return a.trimmed;  // most URLs: no copy
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
  if (a.normal_form && b.normal_form) return false;  // each its own normal form, and they differ
  if (!ascii_equal_ignoring_case(a.ascii_host, b.ascii_host)) return false;
  return normalised_url(a, a_) == normalised_url(b, b_);
}

namespace {

constexpr std::array<std::string_view, 9> kPageTypes = {"html", "htm",  "xhtml", "shtml", "php",
                                                        "asp",  "aspx", "jsp",   "cfm"};
constexpr std::array<std::string_view, 4> kVideoTypes = {"mp4", "webm", "mov", "avi"};
constexpr std::array<std::string_view, 8> kUnindexedImageTypes = {"tif", "tiff", "heic", "heif",
                                                                  "psd", "eps",  "ai",   "raw"};

template <std::size_t N>
bool listed(const std::array<std::string_view, N>& list, std::string_view extension) {
  return std::find(list.begin(), list.end(), extension) != list.end();
}

}  // namespace

std::string listed_file_problem(std::string_view extension) {
  if (listed(kPageTypes, extension)) return "looks like a page, not an image file";
  if (extension == "pdf") return "is a PDF document, not an image file";
  if (listed(kVideoTypes, extension)) return "is a video file, not an image";
  if (listed(kUnindexedImageTypes, extension)) {
    return "is a " + ascii_uppered(extension) + " image, a format Google does not index";
  }
  return {};
}

std::string_view path_extension(const UrlAnalysis& a, std::string& buffer) {
  buffer.clear();
  const std::string_view path = a.path;
  const auto plain_char = [](char c) { return is_ascii_alpha(c) || is_ascii_digit(c); };
  // The common case, read from the end: a run of letters and digits after a '.'. Whatever comes
  // before that '.' cannot change the extension; only an escape right before the run can (its
  // hex digits are part of the run: "a%2Ejpg"), and that case is decoded below.
  std::size_t run = path.size();
  bool upper = false;
  for (; run > 0; --run) {
    const char c = path[run - 1];
    if (is_ascii_lower(c) || is_ascii_digit(c)) continue;
    if (!is_ascii_upper(c)) break;
    upper = true;
  }
  const char before = run > 0 ? path[run - 1] : '/';
  if (before == '.') {
    const std::string_view extension = path.substr(run);
    if (extension.empty() || extension.size() > 5) return {};
    // Nearly always lower case already: then the URL's own text is the answer.
    if (!upper) return extension;
    buffer.assign(extension);
    for (char& c : buffer) c = ascii_lower(c);
    return buffer;
  }
  // No '.' in the segment, or the extension holds a character that is not a letter or digit.
  if (before != '%') return {};
  const std::size_t slash = path.rfind('/');
  const std::string_view segment = slash == std::string_view::npos ? path : path.substr(slash + 1);
  for (std::size_t i = 0; i < segment.size(); ++i) {
    if (segment[i] == '%' && i + 2 < segment.size() && hex_value(segment[i + 1]) >= 0 &&
        hex_value(segment[i + 2]) >= 0) {
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
  const bool plain = !buffer.empty() && buffer.size() <= 5 && std::all_of(buffer.begin(), buffer.end(), plain_char);
  return plain ? std::string_view(buffer) : std::string_view();
}

const Field* same_as_page(const UrlField& url, SameUrl& same) {
  const Entry& entry = *url.entry;
  if (!is_page_entry(entry) || !entry.loc.present) return nullptr;
  const UrlAnalysis& a = url.analysis();
  if (!usable_url(a) || !usable_url(entry.loc_analysis()) || !same(a, entry.loc_analysis())) return nullptr;
  return &entry.loc;
}

}  // namespace sitemaplint
