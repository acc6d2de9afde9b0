// Resolving the hrefs of a page's head (url_resolution.h) with Boost.URL, after the clean-up
// browsers apply to an href first.
#include "pages/url_resolution.h"

#include <algorithm>

#include <boost/url/parse.hpp>
#include <boost/url/url.hpp>

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"
#include "pages/html_text.h"

namespace sitemaplint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

boost::urls::string_view boost_view(std::string_view s) { return boost::urls::string_view(s.data(), s.size()); }

bool is_http_scheme(std::string_view scheme) {
  return ascii_equal_ignoring_case(scheme, "http") || ascii_equal_ignoring_case(scheme, "https");
}

bool is_scheme(std::string_view text) {
  return !text.empty() && is_ascii_alpha(text.front()) && std::all_of(text.begin(), text.end(), [](char c) {
    return is_ascii_alpha(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
  });
}

// Where the authority of a URI reference ends ("//host:port" after the scheme, if any); 0 when it
// has none.
std::size_t authority_end(std::string_view ref) {
  std::size_t at = 0;
  const std::size_t colon = ref.find(':');
  if (colon != npos && colon < ref.find_first_of("/?#") && is_scheme(ref.substr(0, colon))) at = colon + 1;
  if (ref.substr(at, 2) != "//") return 0;
  return std::min(ref.find_first_of("/?#", at + 2), ref.size());
}

bool needs_percent_encoding(unsigned char c) {
  return c <= 0x20 || c >= 0x7F || c == '"' || c == '<' || c == '>' || c == '^' || c == '`' || c == '{' || c == '|' ||
         c == '}';
}

// An href as the URI reference browsers make of it before they resolve it: white space around it
// and tabs and line breaks in it dropped, and bytes no URI may hold (non-ASCII, spaces) in its
// path, query and fragment percent-encoded. A host that is not ASCII is left alone (browsers would
// turn it into punycode), so the reference does not parse and stays unresolved.
std::string uri_reference(std::string_view href) {
  std::string cleaned;
  for (const char c : html::trim(href)) {
    if (c != '\t' && c != '\n' && c != '\r') cleaned += c;
  }
  const std::size_t keep = authority_end(cleaned);
  std::string out = cleaned.substr(0, keep);
  append_percent_encoded(
      std::string_view(cleaned).substr(keep), [](unsigned char byte) { return !needs_percent_encoding(byte); }, &out);
  return out;
}

// The URL, without the ".." segments that would climb above the root ("/../a"): Boost.URL 1.81
// keeps them, where RFC 3986's remove_dot_segments (section 5.2.4) and browsers drop them.
std::string without_segments_above_root(const boost::urls::url& url) {
  const std::string_view buffer = url.buffer();
  const std::string_view path = url.encoded_path();
  std::size_t drop = 0;
  while (path.substr(drop).starts_with("/..") && (path.size() == drop + 3 || path[drop + 3] == '/')) drop += 3;
  if (drop == 0) return std::string(buffer);
  const std::size_t path_at = static_cast<std::size_t>(path.data() - buffer.data());
  return std::string(buffer.substr(0, path_at)) + (drop == path.size() ? "/" : "") +
         std::string(buffer.substr(path_at + drop));
}

}  // namespace

std::string resolve_http_url(std::string_view href, std::string_view base) {
  const std::string ref = uri_reference(href);
  const auto parsed = boost::urls::parse_uri_reference(boost_view(ref));
  if (!parsed) return {};
  boost::urls::url resolved;
  if (parsed->has_scheme()) {
    // Resolved against itself, an absolute reference only loses its dot segments, as 5.2.2 says.
    if (!boost::urls::resolve(*parsed, *parsed, resolved)) return {};
  } else {
    const auto base_url = boost::urls::parse_uri(boost_view(base));
    if (!base_url || !boost::urls::resolve(*base_url, *parsed, resolved)) return {};
  }
  if (!is_http_scheme(resolved.scheme()) || resolved.encoded_host().empty()) return {};
  resolved.normalize_scheme();  // "Https:" is "https:" (RFC 3986, 3.1), as every URL compared later is
  return without_segments_above_root(resolved);
}

}  // namespace sitemaplint
