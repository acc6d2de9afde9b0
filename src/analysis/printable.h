// Text from inputs made safe to print, wherever it is printed as text: the human report, the
// gcc and github formats, and every message on standard error (they name paths and quote values,
// which may hold escape sequences, line breaks or ill-formed UTF-8). Measured in terminal columns:
// East Asian wide characters take two, combining marks none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sitemaplint {

// The columns a code point takes in a terminal: 2 for East Asian Wide and Fullwidth characters
// (CJK, most emoji), 0 for combining marks and invisible format characters, else 1.
int display_width(std::int32_t code_point);

// Appends `bytes` as a terminal may safely show them: each code point as itself, but control
// characters (C0 with line breaks, DEL, C1 such as U+009B, the one-byte CSI), bidirectional
// overrides and ill-formed UTF-8 as '?' and a tab as a space. Input bytes are untrusted: an
// escape sequence quoted from a file must not reach the terminal, nor a line break start a line
// that looks like sitemaplint's own. Returns the columns appended.
std::size_t append_printable(std::string_view bytes, std::string& out);
std::string printable(std::string_view bytes);

}  // namespace sitemaplint
