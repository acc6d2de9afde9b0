// URI references resolved as RFC 3986 (section 5) resolves them: what XML Base (and so Atom's
// xml:base, RFC 4287 section 2) asks of a relative reference under a base URI, and what an index's
// relative children, a page's links and a Link header's targets need. The one place that resolves:
// it works around the dot segments Boost.URL 1.81 keeps (see the .cpp).
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// `reference` resolved against `base` (RFC 3986 section 5.2); empty when `reference` is no URI
// reference, or is relative and `base` is no absolute URI (a scheme, no fragment needed). An
// absolute reference needs no base: it only loses its dot segments (section 5.2.2). White space
// around either is ignored.
std::string resolve_reference(std::string_view reference, std::string_view base);

// resolve_reference's URL when it is an http(s) URL with a host, its scheme in lower case ("Https:"
// is "https:", section 3.1) so that it compares with other URLs; empty for anything else (an other
// scheme, "https://", no usable base).
std::string resolve_http_reference(std::string_view reference, std::string_view base);

// Whether `text` (white space around it ignored) is an absolute URI: a scheme, then the rest.
bool is_absolute_uri(std::string_view text);

}  // namespace sitemaplint
