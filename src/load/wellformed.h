// Well-formedness checks that pugixml leaves out (it is lenient by design): text or a misplaced
// XML declaration outside the root element, a declaration without a valid version, a second root
// element, and readable messages for the errors it does detect.
#pragma once

#include <string_view>

#include "document.h"

namespace sitemaplint {

// A readable message for a pugixml parse failure, naming the tags involved where it can.
ByteFinding describe_parse_error(const Document& doc, const pugi::xml_parse_result& result);

// Checks what surrounds the root element (the XML declaration's version included); records a
// DOCTYPE's position. Needs a parsed tree.
void check_outside_root(Document& doc);

}  // namespace sitemaplint
