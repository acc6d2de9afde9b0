// Percent-encoding (RFC 3986 section 2.1) of the bytes a part of a URL may not hold as they are,
// in upper-case hex, as the RFC recommends. Each caller says which bytes stand as they are.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace sitemaplint {

// Appends `text` to *out, each byte for which `stands(byte)` is false written as "%XX".
template <typename Predicate>
void append_percent_encoded(std::string_view text, Predicate stands, std::string* out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (stands(byte)) {
      *out += c;
    } else {
      *out += '%';
      *out += kHex[byte >> 4];
      *out += kHex[byte & 15];
    }
  }
}

// RFC 3986's unreserved characters: letters, digits, '-', '.', '_' and '~'.
constexpr bool is_unreserved(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '~';
}

// Each byte's value as a hex digit, or -1; with `upper_only`, lower-case digits are -1 too. Tables:
// an encoded non-English path is mostly escapes, and the percent rules read each one's digits.
constexpr std::array<std::int8_t, 256> hex_digit_values(bool upper_only) {
  std::array<std::int8_t, 256> values{};
  for (int c = 0; c < 256; ++c) {
    values[c] = c >= '0' && c <= '9'                  ? static_cast<std::int8_t>(c - '0')
                : c >= 'A' && c <= 'F'                ? static_cast<std::int8_t>(c - 'A' + 10)
                : !upper_only && c >= 'a' && c <= 'f' ? static_cast<std::int8_t>(c - 'a' + 10)
                                                      : std::int8_t{-1};
  }
  return values;
}
inline constexpr std::array<std::int8_t, 256> kHexDigitValues = hex_digit_values(false);
inline constexpr std::array<std::int8_t, 256> kUpperHexDigitValues = hex_digit_values(true);

// The byte the escape whose two digits start at `digits` stands for, or -1 when they are not both
// hex digits (of `values`: kHexDigitValues or kUpperHexDigitValues).
inline int escaped_byte(const char* digits, const std::array<std::int8_t, 256>& values = kHexDigitValues) {
  const int high = values[static_cast<unsigned char>(digits[0])];
  const int low = values[static_cast<unsigned char>(digits[1])];
  return (high | low) < 0 ? -1 : high * 16 + low;
}

inline constexpr std::array<bool, 256> kUnreservedBytes = [] {
  std::array<bool, 256> unreserved{};
  for (int c = 0; c < 256; ++c) unreserved[c] = is_unreserved(static_cast<unsigned char>(c));
  return unreserved;
}();

}  // namespace sitemaplint
