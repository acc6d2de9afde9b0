// Phrasing shared by every message sitemaplint writes: a value in quotes, a "did you mean" hint,
// a counted noun. One wording, whoever writes the message.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sitemaplint {

// `value` in single quotes, cut (at a code point boundary, with "...") past `max` bytes; characters
// that would not show (controls, tabs and line breaks, format characters, white space other than
// the space) are written "<U+00A0>".
std::string quoted(std::string_view value, std::size_t max = 80);

// "; did you mean 'X'?" for a non-empty hint, else "".
std::string did_you_mean(std::string_view hint);

// "1 file", "3 files": `n` and `noun`, with an "s" unless n is 1.
std::string counted(std::size_t n, std::string_view noun);

// `text` for a Markdown table cell: '<' written as '&lt;' (so <lastmod> is not taken for an HTML
// tag and hidden) and '|' as '\|'.
std::string markdown_cell(std::string_view text);

// "1,214": `n` with a comma between groups of three digits, as messages write counts.
std::string grouped(std::size_t n);

// A span of time as messages write it: "27,392 days" from two days on, else "37 hours"
// ("1 hour"); `seconds` is not negative.
std::string time_span(long long seconds);

// A character for a message: "'é' (U+00E9)" when it shows, "U+00A0 (NO-BREAK SPACE)" when it
// does not (white space, controls, format characters such as bidirectional marks), so that an
// invisible character is named rather than printed. `ch` is one UTF-8 encoded code point.
std::string character_label(std::string_view ch);

}  // namespace sitemaplint
