// The byte-level checks that must see the input before any parser does: byte order marks, the
// declared encoding, invalid UTF-8 and characters XML 1.0 forbids. One pass over the bytes.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

struct ByteFinding {
  std::size_t offset = 0;
  std::size_t length = 0;
  std::string message;
};

// What the byte-level scan found; every offset is into Document::bytes.
struct EncodingFacts {
  std::size_t bom_length = 0;  // 3 for a UTF-8 BOM, 0 without
  std::optional<ByteFinding> foreign_encoding;  // UTF-16/32 BOM or a declared non-UTF-8 encoding
  bool foreign_encoding_is_fatal = false;  // the bytes cannot be read as UTF-8 at all
  bool has_declaration = false;  // <?xml ...?> at the very start
  bool crlf_lines = false;  // the first line ends with CR LF (a Windows file)
  std::vector<ByteFinding> invalid_utf8;  // capped, see kMaxByteFindings
  std::vector<ByteFinding> invalid_characters;  // characters XML 1.0 forbids
};

inline constexpr std::size_t kMaxByteFindings = 100;

// With `scan_all` false, only the start: BOM, a foreign encoding, the declaration (no character
// findings); scan_characters() adds those later, for inputs worth the pass.
EncodingFacts scan_encoding(std::string_view bytes, bool scan_all = true);

// The character findings (invalid UTF-8, forbidden characters) of `bytes` into `facts`, and crlf_lines.
void scan_characters(std::string_view bytes, EncodingFacts& facts);

// The value of pseudo-attribute `name` in an XML declaration that starts at bytes[0], with its
// offset; empty when absent.
std::string_view declaration_attribute(std::string_view declaration, std::string_view name, std::size_t* offset);

// Whether `bytes` begin with `prefix` (a byte order mark, the first characters of "<?xml").
bool starts_with_bytes(std::string_view bytes, std::initializer_list<unsigned char> prefix);

}  // namespace sitemaplint
