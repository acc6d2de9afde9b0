// Well-formedness checks that pugixml leaves out (it is lenient by design): text or a misplaced
// XML declaration outside the root element, a declaration without a valid version, a second root
// element, and readable messages for the errors it does detect.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "document.h"

namespace sitemaplint {

// A readable message for a pugixml parse failure, naming the tags involved where it can.
ByteFinding describe_parse_error(const Document& doc, const pugi::xml_parse_result& result);

// What the bytes around the root element hold, read before the parse: a parse in place overwrites
// delimiters there (pugixml ends each name and value with a NUL).
struct OutsideRoot {
  std::size_t root_start = 0;  // the root's '<' as this scan took it; the tree must agree
  std::vector<ByteFinding> before_root, after_root;  // text or a misplaced declaration
  std::optional<std::size_t> doctype_offset;
  std::optional<std::size_t> misplaced_before_root, misplaced_after_root;  // a declaration's "<?xml"
  bool declaration_after_space_only = false;
};

// The scan with the root where it most likely starts: the first '<' that opens no processing
// instruction, comment or DOCTYPE.
OutsideRoot scan_outside_root(std::string_view bytes, std::size_t bom_length);
// The scan with the root's '<' at `root_start`.
OutsideRoot scan_outside_root(std::string_view bytes, std::size_t bom_length, std::size_t root_start);

// Records what surrounds the root element (the XML declaration's version included, and a second
// root), from a scan whose root_start is the tree's. Needs a parsed tree.
void check_outside_root(Document& doc, const OutsideRoot& outside);

}  // namespace sitemaplint
