// The small pieces of HTML's text handling the head reader's files share: HTML's ASCII white
// space (which, unlike XML's, holds the form feed), trimming and splitting on it.
#pragma once

#include <algorithm>
#include <string_view>
#include <vector>

namespace sitemaplint::html {

inline constexpr std::string_view kSpaces = " \t\n\f\r";

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

inline std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// The non-empty pieces of `text` between any of the `separators`.
inline std::vector<std::string_view> split(std::string_view text, std::string_view separators) {
  std::vector<std::string_view> pieces;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find_first_of(separators), text.size());
    if (end > 0) pieces.push_back(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return pieces;
}

}  // namespace sitemaplint::html
