// XML Schema 1.0's xs:anyURI (section 3.2.17), the base of the sitemap XSD's tLoc: a URI reference
// once the characters a URI cannot hold are escaped as XLink prescribes (space, < > " { } | \ ^ `,
// control and non-ASCII characters), after the white space is collapsed. So relative references
// and most malformed URLs pass; what fails is what no escaping makes a URI reference, such as a
// '%' without two hex digits, a '[' in a path, or '://' with nothing before it.
#pragma once

#include <cstddef>
#include <string_view>

namespace sitemaplint {

// Whether `text` (without the white space around it) is a valid xs:anyURI.
bool is_xs_any_uri(std::string_view text);

// The length in characters that XML Schema's length facets count: `text` (without the white space
// around it) with each inner run of white space collapsed to one space. Counting stops at `enough`:
// a minimum-length check need not count a 2,000-character URL to the end.
std::size_t xs_collapsed_length(std::string_view text, std::size_t enough = static_cast<std::size_t>(-1));

}  // namespace sitemaplint
