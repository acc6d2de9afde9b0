// When two URLs are the same page: equal after RFC 3986 syntax-based normalisation (section 6.2.2)
// and the scheme-based steps of 6.2.3 -- scheme and host in lower case, percent-escapes with
// upper-case hex digits, escaped unreserved characters decoded, "." and ".." segments removed,
// the scheme's default port dropped (80 http, 443 https, 21 ftp), an empty path written "/".
// Path, query and fragment are otherwise compared byte for byte: "/a" and "/a/" differ. Non-ASCII
// bytes are percent-encoded, as RFC 3987 maps an IRI to a URI.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sitemaplint {

// Writes the normal form of the absolute URL `url` (scheme "://" authority path ...) to *out,
// replacing its contents (the buffer is reused, so a warm one allocates nothing). A value without
// "scheme://" is written as it is.
void normalise_url(std::string_view url, std::string* out);

// A 64-bit key for a normal form: equal forms, equal keys; different forms collide with a
// probability of about 2^-64 per pair, which is what lets checks across a set keep keys, not URLs.
std::uint64_t url_key(std::string_view normal_form);

// Whether `url` is its own normal form, as most URLs in sitemaps are (lower-case scheme and host,
// no port, a path, no escapes, no dot segments, ASCII): a cheap scan that lets same_url_key skip
// the copy. False may also mean only "not sure".
bool is_normal_form(std::string_view url);

// url_key of the normal form of `url`; `scratch` holds the normal form when one has to be written.
std::uint64_t same_url_key(std::string_view url, std::string* scratch);

// Whether two URLs (entities decoded) are one page: equal normal forms once the XML white space
// around them is trimmed. A match of keys is confirmed with it before a duplicate is reported, so
// two URLs whose keys collide are never reported as one.
bool same_url(std::string_view a, std::string_view b);

// The one thing, easily overlooked, by which two different normal forms differ.
enum class UrlSlip {
  None,  // they differ otherwise (or not at all)
  Scheme,  // http: and https:
  Www,  // example.com and www.example.com
  TrailingSlash,  // /a and /a/
};
UrlSlip url_slip(std::string_view a, std::string_view b);

}  // namespace sitemaplint
