// The byte-level checks that must see the input before any parser does: byte order marks, the
// declared encoding, invalid UTF-8 and characters XML 1.0 forbids. One pass over the bytes.
#pragma once

#include <string_view>

#include "document.h"

namespace sitemaplint {

EncodingFacts scan_encoding(std::string_view bytes);

// The value of pseudo-attribute `name` in an XML declaration that starts at bytes[0], with its
// offset; empty when absent.
std::string_view declaration_attribute(std::string_view declaration, std::string_view name,
                                       std::size_t* offset);

}  // namespace sitemaplint
