// Resolving references (reference_resolution.h) with Boost.URL, which implements RFC 3986's
// algorithm (section 5.2.2), then removing the dot segments (section 5.2.4) Boost.URL 1.81 keeps.
#include "analysis/reference_resolution.h"

#include <optional>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

boost::urls::string_view boost_view(std::string_view s) { return boost::urls::string_view(s.data(), s.size()); }

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_xml_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_xml_space(text.back())) text.remove_suffix(1);
  return text;
}

// RFC 3986 section 5.2.4's remove_dot_segments, step by step. Boost.URL (before 1.85) keeps a
// ".." that climbs above the root ("/a/../../x" stays "/../x", boostorg/url#808); the RFC drops it.
std::string remove_dot_segments(std::string_view input) {
  std::string output;
  const auto drop_last_segment = [&output] {
    const std::size_t slash = output.rfind('/');
    output.erase(slash == std::string::npos ? 0 : slash);
  };
  while (!input.empty()) {
    if (input.starts_with("../")) input.remove_prefix(3);  // A
    else if (input.starts_with("./")) input.remove_prefix(2);
    else if (input.starts_with("/./")) input.remove_prefix(2);  // B: "/./" -> "/"
    else if (input == "/.") input = "/";
    else if (input.starts_with("/../")) {  // C
      input.remove_prefix(3);
      drop_last_segment();
    } else if (input == "/..") {
      input = "/";
      drop_last_segment();
    } else if (input == "." || input == "..") {  // D
      input = {};
    } else {  // E: the first segment, with its leading "/", moves to the output
      const std::size_t end = input.find('/', 1);
      const std::size_t length = end == std::string_view::npos ? input.size() : end;
      output += input.substr(0, length);
      input.remove_prefix(length);
    }
  }
  return output;
}

// `reference` resolved against `base` by Boost.URL, dot segments and all (see text_of); nullopt
// when it does not resolve.
std::optional<boost::urls::url> resolved(std::string_view reference, std::string_view base) {
  const auto ref = boost::urls::parse_uri_reference(boost_view(trimmed(reference)));
  if (!ref) return std::nullopt;
  // An absolute reference resolved against itself: its own path, its dot segments removed.
  const auto base_uri = ref->has_scheme() ? ref : boost::urls::parse_uri(boost_view(trimmed(base)));
  boost::urls::url out;
  if (!base_uri || !boost::urls::resolve(*base_uri, *ref, out)) return std::nullopt;
  return out;
}

// The text of `url`, an absolute path's dot segments removed as the RFC removes them (a rootless
// path is left as Boost.URL gives it: http and https, what the rules resolve, always have a root).
// The path is spliced into the text: Boost.URL 1.81's set_encoded_path("/") writes "/./".
std::string text_of(const boost::urls::url& url) {
  const std::string_view text = url.buffer();
  const std::string_view path = url.encoded_path();
  if (!path.starts_with("/")) return std::string(text);
  const std::size_t at = static_cast<std::size_t>(path.data() - text.data());
  return std::string(text.substr(0, at)) + remove_dot_segments(path) + std::string(text.substr(at + path.size()));
}

bool is_http_scheme(std::string_view scheme) {
  return ascii_equal_ignoring_case(scheme, "http") || ascii_equal_ignoring_case(scheme, "https");
}

}  // namespace

bool is_absolute_uri(std::string_view text) { return boost::urls::parse_uri(boost_view(trimmed(text))).has_value(); }

std::string resolve_reference(std::string_view reference, std::string_view base) {
  const auto url = resolved(reference, base);
  return url ? text_of(*url) : std::string();
}

std::string resolve_http_reference(std::string_view reference, std::string_view base) {
  auto url = resolved(reference, base);
  if (!url || !is_http_scheme(url->scheme()) || url->encoded_host().empty()) return {};
  url->normalize_scheme();
  return text_of(*url);
}

}  // namespace sitemaplint
