// Resolving the hrefs of a page's head (url_resolution.h) as analysis/reference_resolution.h
// resolves references, after the clean-up browsers apply to an href first.
#include "pages/url_resolution.h"

#include <algorithm>

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"
#include "analysis/reference_resolution.h"
#include "pages/html_text.h"

namespace sitemaplint {
namespace {

constexpr std::size_t npos = std::string_view::npos;

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

// What no URI holds as it is (RFC 3986 section 2): controls, spaces, non-ASCII bytes, and the
// characters it excludes ('[' and ']' stand only around an IP literal).
bool needs_percent_encoding(unsigned char c) {
  return c <= 0x20 || c >= 0x7F || c == '"' || c == '<' || c == '>' || c == '^' || c == '`' || c == '{' || c == '|' ||
         c == '}' || c == '[' || c == ']';
}

// An href as the URI reference browsers make of it before they resolve it: white space around it
// and tabs and line breaks in it dropped, and bytes no URI may hold (non-ASCII, spaces) in its
// path, query and fragment percent-encoded. A host that is not ASCII is left alone (browsers would
// turn it into punycode), so the reference does not parse and stays unresolved.
std::string uri_reference(std::string_view href) {
  std::string cleaned;
  bool before_query = true;
  for (const char c : html::trim(href)) {
    if (c == '\t' || c == '\n' || c == '\r') continue;
    before_query = before_query && c != '?' && c != '#';
    // Browsers read a '\\' before the query of an http(s) URL as '/' (the URL Standard).
    cleaned += c == '\\' && before_query ? '/' : c;
  }
  const std::size_t keep = authority_end(cleaned);
  std::string out = cleaned.substr(0, keep);
  append_percent_encoded(
      std::string_view(cleaned).substr(keep), [](unsigned char byte) { return !needs_percent_encoding(byte); }, &out);
  return out;
}

}  // namespace

std::string resolve_http_url(std::string_view href, std::string_view base) {
  std::string reference = uri_reference(href);
  // "http:/ok" and "http:ok" against an http base are relative to it in the URL Standard (its
  // "special relative or authority" state): the scheme is the base's, and no host follows.
  const std::size_t colon = reference.find(':');
  if (colon != npos && colon == base.find(':') &&
      ascii_equal_ignoring_case(reference.substr(0, colon), base.substr(0, colon)) &&
      (ascii_equal_ignoring_case(reference.substr(0, colon), "http") ||
       ascii_equal_ignoring_case(reference.substr(0, colon), "https")) &&
      reference.compare(colon + 1, 2, "//") != 0)
    reference.erase(0, colon + 1);
  std::string url = resolve_http_reference(reference, base);
  // A fragment names a part of the page, never another page: "/a#top" is "/a" (RFC 3986 section
  // 3.5; it is never sent either), as a canonical, an alternate or a refresh target.
  if (const std::size_t hash = url.find('#'); hash != std::string::npos) url.resize(hash);
  return url;
}

}  // namespace sitemaplint
