// Phrasing shared by every message sitemaplint writes: a value in quotes, a "did you mean" hint,
// a counted noun. One wording, whoever writes the message.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sitemaplint {

// `value` in single quotes, cut (at a code point boundary, with "...") past `max` bytes.
std::string quoted(std::string_view value, std::size_t max = 80);

// "; did you mean 'X'?" for a non-empty hint, else "".
std::string did_you_mean(std::string_view hint);

// "1 file", "3 files": `n` and `noun`, with an "s" unless n is 1.
std::string counted(std::size_t n, std::string_view noun);

// `text` for a Markdown table cell: '<' written as '&lt;' (so <lastmod> is not taken for an HTML
// tag and hidden) and '|' as '\|'.
std::string markdown_cell(std::string_view text);

}  // namespace sitemaplint
