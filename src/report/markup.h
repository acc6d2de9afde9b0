// Text from inputs made safe inside HTML and SVG: markup characters escaped, and what a browser
// should not be handed (control characters, ill-formed UTF-8) replaced. Sitemaps are untrusted:
// a <loc> holding "<script>" must reach the HTML report as text.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// How text is escaped: the markup characters always; then what differs between HTML and an XML
// report.
struct EscapeStyle {
  const char* apostrophe;  // "&#39;" (HTML) or "&apos;"
  const char* control;  // what a control character (and U+FFFE, U+FFFF) becomes
  bool breaks_as_references;  // tab and LF as &#9; &#10; (an XML attribute value, which would
      // otherwise turn them into spaces)
  bool c1_controls;  // U+0080-U+009F count as control characters
};

// Appends `text` escaped in `style`. Ill-formed UTF-8 becomes U+FFFD, a CR &#13;.
void append_escaped(std::string_view text, const EscapeStyle& style, std::string& out);

// `text` for an element's content or a quoted attribute value: & < > " ' escaped, control
// characters other than tab and newline as U+FFFD, ill-formed UTF-8 as U+FFFD.
std::string escape_markup(std::string_view text);

// Appends escape_markup(text) to `out`.
void append_escaped(std::string_view text, std::string& out);

}  // namespace sitemaplint
