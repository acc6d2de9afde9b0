// Text from inputs made safe inside HTML and SVG: markup characters escaped, and what a browser
// should not be handed (control characters, ill-formed UTF-8) replaced. Sitemaps are untrusted:
// a <loc> holding "<script>" must reach the HTML report as text.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// `text` for an element's content or a quoted attribute value: & < > " ' escaped, control
// characters other than tab and newline as U+FFFD, ill-formed UTF-8 as U+FFFD.
std::string escape_markup(std::string_view text);

// Appends escape_markup(text) to `out`.
void append_escaped(std::string_view text, std::string& out);

}  // namespace sitemaplint
