// Text for an XML report (JUnit, checkstyle), safe in element content and attribute values alike.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// Escapes markup characters; in an attribute value (`attribute`) also tabs and line breaks, as
// character references, which a parser would otherwise turn into spaces (and a CR everywhere, which
// would be read as a line break). Ill-formed UTF-8 quoted from a broken input becomes U+FFFD; what
// XML 1.0 cannot carry at all, even escaped (most control characters, U+FFFE, U+FFFF), becomes '?':
// the report stays well-formed whatever the input held.
std::string xml_escape(std::string_view text, bool attribute = false);

}  // namespace sitemaplint
