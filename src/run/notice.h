// Messages on standard error, one line each: "sitemaplint: " and the text, made printable
// (analysis/printable.h). Messages name paths and quote values from inputs, whose escape
// sequences, line breaks and ill-formed UTF-8 must not reach the terminal or split the line.
#pragma once

#include <string_view>

namespace sitemaplint {

// "sitemaplint: TEXT"
void print_notice(std::string_view text);

// "sitemaplint: error: TEXT"
void print_error(std::string_view text);

}  // namespace sitemaplint
