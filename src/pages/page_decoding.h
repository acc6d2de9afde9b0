// A page's bytes made into the UTF-8 that gumbo parses, when the page is in another encoding: ICU's
// converters decode them, and each byte of the result keeps the offset of the page's byte it came
// from, so that every tag is still found at its place in the file. And where UTF-8 applies, the
// first byte that is no UTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

struct DecodedPage {
  std::string text;  // UTF-8; what a decoder could not map is U+FFFD
  // source[i]: the offset in the bytes decoded of the character text[i] belongs to; one more
  // entry, for text.size(), is the bytes' size.
  std::vector<std::uint32_t> source;
};

// `bytes` decoded with the ICU converter named `converter`; nullopt when ICU has none of that
// name. `bytes` is at most 4 GiB.
std::optional<DecodedPage> decode_with_icu(std::string_view bytes, std::string_view converter);

// The offset of the first byte of `bytes` that begins no well-formed UTF-8 sequence (a stray
// continuation byte, a truncated or overlong sequence, a surrogate), or nullopt. With
// `may_be_cut`, a sequence that the end of `bytes` truncates is not counted: the reader stopped
// there, not the page.
std::optional<std::size_t> first_invalid_utf8(std::string_view bytes, bool may_be_cut);

}  // namespace sitemaplint
