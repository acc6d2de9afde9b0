// URI references resolved as RFC 3986 (section 5) resolves them: what XML Base (and so Atom's
// xml:base, RFC 4287 section 2) asks of a relative reference under a base URI.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// `reference` resolved against `base` (RFC 3986 section 5.2); empty when `base` is no absolute URI
// (a scheme, no fragment needed) or `reference` is no URI reference. White space around either is
// ignored.
std::string resolve_reference(std::string_view reference, std::string_view base);

// Whether `text` (white space around it ignored) is an absolute URI: a scheme, then the rest.
bool is_absolute_uri(std::string_view text);

}  // namespace sitemaplint
