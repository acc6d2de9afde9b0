// ASCII character classes and case, locale-free (std::tolower depends on the C locale): what the
// grammars of URLs and language tags are written in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace sitemaplint {

inline bool is_ascii_upper(char c) { return c >= 'A' && c <= 'Z'; }
inline bool is_ascii_lower(char c) { return c >= 'a' && c <= 'z'; }
inline bool is_ascii_alpha(char c) { return is_ascii_upper(c) || is_ascii_lower(c); }
inline bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }
// XML's white space (production S): space, tab, CR, LF.
inline bool is_xml_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
inline char ascii_lower(char c) { return is_ascii_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }
inline char ascii_upper(char c) { return is_ascii_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }

// Whether two short strings (names, hosts) are the same: whole words, the last overlapping the one
// before, cost less than a byte loop or the call to memcmp that == makes.
inline bool same_bytes(std::string_view a, std::string_view b) {
  const std::size_t n = a.size();
  if (n != b.size()) return false;
  const char* const x = a.data();
  const char* const y = b.data();
  const auto word = [](const char* p, auto zero) {
    decltype(zero) w;
    std::memcpy(&w, p, sizeof w);
    return w;
  };
  if (n >= 8) {
    for (std::size_t i = 0; i + 8 < n; i += 8) {
      if (word(x + i, std::uint64_t{}) != word(y + i, std::uint64_t{})) return false;
    }
    return word(x + n - 8, std::uint64_t{}) == word(y + n - 8, std::uint64_t{});
  }
  if (n >= 4) {
    return word(x, std::uint32_t{}) == word(y, std::uint32_t{}) &&
           word(x + n - 4, std::uint32_t{}) == word(y + n - 4, std::uint32_t{});
  }
  if (n >= 2) {
    return word(x, std::uint16_t{}) == word(y, std::uint16_t{}) &&
           word(x + n - 2, std::uint16_t{}) == word(y + n - 2, std::uint16_t{});
  }
  return n == 0 || *x == *y;
}

inline std::string ascii_lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

inline std::string ascii_uppered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_upper(c);
  return out;
}

inline bool ascii_equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
  }
  return true;
}

// The first index at or after `from` whose byte is one of `set` (a few characters), or npos: what
// std::string_view::find_first_of gives, but a byte loop, where that calls memchr on the set for
// every byte of the text.
inline std::size_t find_any(std::string_view text, std::string_view set, std::size_t from = 0) {
  for (std::size_t i = from; i < text.size(); ++i) {
    for (const char c : set) {
      if (text[i] == c) return i;
    }
  }
  return std::string_view::npos;
}

// The value of a hexadecimal digit, or -1.
inline int hex_value(char c) {
  if (is_ascii_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// `text` on one line, as a message quotes what a server sent: control characters as spaces,
// trailing spaces dropped.
inline std::string one_line(std::string text) {
  for (char& c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

}  // namespace sitemaplint
