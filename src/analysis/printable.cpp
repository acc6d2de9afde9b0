#include "analysis/printable.h"

#include <bit>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace sitemaplint {

int display_width(std::int32_t c) {
  if (c < 0x300) return 1;  // ASCII and Latin: the usual case, no property lookup
  // A soft hyphen is a format character that terminals still draw.
  if (c == 0xAD) return 1;
  const std::int32_t category_mask = U_GET_GC_MASK(c);
  if (category_mask & (U_GC_MN_MASK | U_GC_ME_MASK | U_GC_CF_MASK)) return 0;
  const auto width = static_cast<UEastAsianWidth>(u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH));
  return width == U_EA_WIDE || width == U_EA_FULLWIDTH ? 2 : 1;
}

namespace {

// The end of the run of printable ASCII (0x20 to 0x7E) that goes on at `at`: sixteen bytes a step
// where SSE2 is there. Reports print every finding's message and source line through here.
std::int64_t printable_ascii_end(const std::uint8_t* data, std::int64_t at, std::int64_t length) {
#if defined(__SSE2__)
  for (; at + 16 <= length; at += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + at));
    // c - 0x20 below 0x5F, as unsigned bytes: shifted by 0x80 for a signed comparison.
    const __m128i shifted = _mm_xor_si128(_mm_sub_epi8(v, _mm_set1_epi8(0x20)), _mm_set1_epi8(static_cast<char>(0x80)));
    const auto printable = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmplt_epi8(shifted, _mm_set1_epi8(static_cast<char>(0x80 + 0x5F)))));
    if (printable != 0xFFFFu) return at + std::countr_one(printable);
  }
#endif
  while (at < length && data[at] >= 0x20 && data[at] < 0x7F) ++at;
  return at;
}

}  // namespace

std::size_t append_printable(std::string_view bytes, std::string& out) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  const auto length = static_cast<std::int64_t>(bytes.size());
  std::size_t columns = 0;
  for (std::int64_t at = 0; at < length;) {
    const std::int64_t begin = at;
    if (data[at] >= 0x20 && data[at] < 0x7F) {  // printable ASCII, the usual case: a run at once
      std::int64_t end = printable_ascii_end(data, at + 1, length);
      out.append(bytes.data() + at, static_cast<std::size_t>(end - at));
      columns += static_cast<std::size_t>(end - at);
      at = end;
      continue;
    }
    UChar32 c;
    U8_NEXT(data, at, length, c);
    const bool bidi = (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    if (c == '\t') {
      out += ' ';
      ++columns;
    } else if (c < 0x20 || (c >= 0x7F && c < 0xA0) || bidi) {
      out += '?';
      ++columns;
    } else {
      out.append(bytes.substr(static_cast<std::size_t>(begin), static_cast<std::size_t>(at - begin)));
      columns += static_cast<std::size_t>(display_width(c));
    }
  }
  return columns;
}

std::string printable(std::string_view bytes) {
  std::string out;
  append_printable(bytes, out);
  return out;
}

}  // namespace sitemaplint
