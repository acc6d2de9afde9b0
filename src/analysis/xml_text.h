// XML character and entity references in raw text: what each '&' starts, and decoding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sitemaplint {

enum class ReferenceKind {
  Predefined,  // &amp; &lt; &gt; &quot; &apos;
  Character,  // &#38; &#x26; naming a character XML allows
  BadCharacter,  // &#0; &#xD800; or a number that is too large: not a character XML allows
  Undefined,  // &nbsp; &copy; ...: a name XML does not define without a DTD
  RawAmpersand,  // '&' that starts no reference at all
};

struct Reference {
  ReferenceKind kind = ReferenceKind::RawAmpersand;
  std::size_t length = 1;  // bytes the reference spans, ';' included (1 for a raw '&')
  std::string_view name;  // the entity name, for Undefined
  std::uint32_t code_point = 0;  // for Predefined and Character
};

// Classifies the reference starting at text[0], which must be '&'.
Reference read_reference(std::string_view text);

// Calls `visit(at)` for each '&' of `text` at or after `from`, in order; `visit` returns where the
// search goes on (past the reference it read), so an '&' inside a reference is not visited. Sixteen
// bytes a step: a URL's query string holds an '&amp;' every few dozen bytes, and a search call for
// each cost more than reading them.
template <class Visit>
void for_each_ampersand(std::string_view text, std::size_t from, Visit&& visit) {
  const char* p = text.data();
  const std::size_t n = text.size();
  std::size_t next = from, i = from;
#if defined(__SSE2__)
  const __m128i amp = _mm_set1_epi8('&');
  for (; i + 16 <= n; i += 16) {
    auto mask = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i)), amp)));
    for (; mask != 0; mask &= mask - 1) {
      const std::size_t at = i + static_cast<std::size_t>(__builtin_ctz(mask));
      if (at >= next) next = visit(at);
    }
  }
#endif
  for (; i < n; ++i) {
    if (p[i] == '&' && i >= next) next = visit(i);
  }
}

// Whether some '&' of `text` at or after `from` starts no reference to a character XML allows by a
// name it defines (a raw '&', an undefined entity, a bad character reference).
bool has_faulty_reference(std::string_view text, std::size_t from);

// Appends `raw` to `out` with every valid reference replaced by its character; anything else is
// copied as written. Returns whether `raw` held a faulty reference (has_faulty_reference from its
// first '&'), found on the way: a text that is decoded needs no second reading of its references.
bool decode_entities(std::string_view raw, std::string* out);

void append_utf8(std::uint32_t code_point, std::string* out);

// The characters with a meaning in XML markup, as bits: which of them a text holds, found in one
// pass (sixteen bytes a step) for every rule that looks for one of them.
enum MarkupCharacter : std::uint8_t {
  kAmpersand = 1u << 0,  // &
  kLessThan = 1u << 1,  // <
  kGreaterThan = 1u << 2,  // >
  kQuote = 1u << 3,  // "
  kApostrophe = 1u << 4,  // '
  // Not a character: an '&' (outside CDATA) that has_faulty_reference finds, set by the walker
  // when a rule asks for it, so the rules about references see only the runs with a bad one.
  kFaultyReference = 1u << 5,
};
// The MarkupCharacter bit of `c`; 0 for any other character.
std::uint8_t markup_character_bit(char c);
// The MarkupCharacter bits of the characters `text` holds.
std::uint8_t markup_characters(std::string_view text);

}  // namespace sitemaplint
