// XML character and entity references in raw text: what each '&' starts, and decoding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sitemaplint {

enum class ReferenceKind {
  Predefined,    // &amp; &lt; &gt; &quot; &apos;
  Character,     // &#38; &#x26; naming a character XML allows
  BadCharacter,  // &#0; &#xD800; or a number that is too large: not a character XML allows
  Undefined,     // &nbsp; &copy; ...: a name XML does not define without a DTD
  RawAmpersand,  // '&' that starts no reference at all
};

struct Reference {
  ReferenceKind kind = ReferenceKind::RawAmpersand;
  std::size_t length = 1;        // bytes the reference spans, ';' included (1 for a raw '&')
  std::string_view name;         // the entity name, for Undefined
  std::uint32_t code_point = 0;  // for Predefined and Character
};

// Classifies the reference starting at text[0], which must be '&'.
Reference read_reference(std::string_view text);

// Appends `raw` to `out` with every valid reference replaced by its character; anything else is
// copied as written.
void decode_entities(std::string_view raw, std::string* out);

void append_utf8(std::uint32_t code_point, std::string* out);

// The characters with a meaning in XML markup, as bits: which of them a text holds, found in one
// pass (sixteen bytes a step) for every rule that looks for one of them.
enum MarkupCharacter : std::uint8_t {
  kAmpersand = 1u << 0,    // &
  kLessThan = 1u << 1,     // <
  kGreaterThan = 1u << 2,  // >
  kQuote = 1u << 3,        // "
  kApostrophe = 1u << 4,   // '
};
// The MarkupCharacter bit of `c`; 0 for any other character.
std::uint8_t markup_character_bit(char c);
// The MarkupCharacter bits of the characters `text` holds.
std::uint8_t markup_characters(std::string_view text);

}  // namespace sitemaplint
