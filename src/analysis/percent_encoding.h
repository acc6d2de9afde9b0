// Percent-encoding (RFC 3986 section 2.1) of the bytes a part of a URL may not hold as they are,
// in upper-case hex, as the RFC recommends. Each caller says which bytes stand as they are.
#pragma once

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
inline bool is_unreserved(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '~';
}

}  // namespace sitemaplint
