#include "analysis/xml_text.h"

#include <bit>
#include <cctype>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sitemaplint {
namespace {

bool is_xml_char(std::uint32_t cp) {
  return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
         (cp >= 0x10000 && cp <= 0x10FFFF);
}

// ASCII classes without the locale: this runs for every '&' of every text.
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex_digit(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

bool is_name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
         static_cast<unsigned char>(c) >= 0x80;
}

bool is_name_char(char c) { return is_name_start(c) || is_digit(c) || c == '-' || c == '.'; }

}  // namespace

Reference read_reference(std::string_view text) {
  Reference ref;
  if (text.starts_with("&amp;")) {  // by far the most common reference in sitemaps
    ref.kind = ReferenceKind::Predefined;
    ref.length = 5;
    ref.name = text.substr(1, 3);
    ref.code_point = '&';
    return ref;
  }
  if (text.size() < 2) return ref;
  if (text[1] == '#') {
    const bool hex = text.size() > 2 && text[2] == 'x';
    std::size_t i = hex ? 3 : 2;
    const std::size_t digits_start = i;
    std::uint64_t value = 0;
    while (i < text.size() && (hex ? is_hex_digit(text[i]) : is_digit(text[i]))) {
      const char c = text[i] >= 'A' && text[i] <= 'F' ? static_cast<char>(text[i] - 'A' + 'a') : text[i];
      value = value * (hex ? 16 : 10) + static_cast<std::uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
      if (value > 0x10FFFF) value = 0x110000;  // stays out of range without overflowing
      ++i;
    }
    if (i == digits_start || i >= text.size() || text[i] != ';') return ref;
    ref.length = i + 1;
    ref.code_point = static_cast<std::uint32_t>(value);
    ref.kind = is_xml_char(ref.code_point) ? ReferenceKind::Character : ReferenceKind::BadCharacter;
    return ref;
  }
  if (!is_name_start(text[1])) return ref;
  std::size_t i = 2;
  while (i < text.size() && is_name_char(text[i])) ++i;
  if (i >= text.size() || text[i] != ';') return ref;
  ref.length = i + 1;
  ref.name = text.substr(1, i - 1);
  static constexpr struct {
    std::string_view name;
    std::uint32_t cp;
  } kPredefined[] = {{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
  for (const auto& entity : kPredefined) {
    if (ref.name == entity.name) {
      ref.kind = ReferenceKind::Predefined;
      ref.code_point = entity.cp;
      return ref;
    }
  }
  ref.kind = ReferenceKind::Undefined;
  return ref;
}

namespace {

constexpr std::string_view kAmp = "&amp;";

// The reference at text[0] ('&'), read for its character: &amp; without a call, as a query string
// holds one every few dozen bytes.
Reference reference_at(std::string_view text) {
  if (text.size() >= kAmp.size() && std::memcmp(text.data(), kAmp.data(), kAmp.size()) == 0) {
    Reference ref;
    ref.kind = ReferenceKind::Predefined;
    ref.length = kAmp.size();
    ref.code_point = '&';
    return ref;
  }
  return read_reference(text);
}

bool is_valid(const Reference& ref) {
  return ref.kind == ReferenceKind::Predefined || ref.kind == ReferenceKind::Character;
}

// Writes `cp` as UTF-8 at `out`; returns the end.
char* write_utf8(std::uint32_t cp, char* out) {
  if (cp < 0x80) {
    *out++ = static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out++ = static_cast<char>(0xC0 | (cp >> 6));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out++ = static_cast<char>(0xE0 | (cp >> 12));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out++ = static_cast<char>(0xF0 | (cp >> 18));
    *out++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out++ = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

}  // namespace

bool has_faulty_reference(std::string_view text, std::size_t from) {
  bool faulty = false;
  for_each_ampersand(text, from, [&](std::size_t at) {
    const Reference ref = reference_at(text.substr(at));
    // The first faulty one answers: the search jumps to the end.
    if (!is_valid(ref)) {
      faulty = true;
      return text.size();
    }
    return at + ref.length;
  });
  return faulty;
}

bool decode_entities(std::string_view raw, std::string* out) {
  // Written in place, with no check of the room for each piece: no reference decodes to more
  // bytes than it is written with (&#1; is 4 bytes for 1, &#x10000; 9 for 4), and anything that
  // is not one is copied as written. So the text written never gets ahead of the text read.
  const std::size_t base = out->size();
  out->resize(base + raw.size());
  char* const start = out->data() + base;
  char* write = start;
  const char* read = raw.data();
  const char* const end = read + raw.size();
  bool faulty = false;
  // The reference at `read` (an '&'): its character written, or the reference copied as written.
  const auto reference = [&] {
    const Reference ref = reference_at(std::string_view(read, static_cast<std::size_t>(end - read)));
    if (is_valid(ref)) {
      write = write_utf8(ref.code_point, write);
    } else {
      faulty = true;
      std::memcpy(write, read, ref.length);
      write += ref.length;
    }
    read += ref.length;
  };
#if defined(__SSE2__)
  // Sixteen bytes a step, copied whole and then kept up to the first '&' of them: a URL's query
  // holds an '&amp;' every few dozen bytes, and a search call and a copy call for each cost more
  // than the bytes between. (A block stored at `write` ends within the room: write <= read.)
  const __m128i amp = _mm_set1_epi8('&');
  const auto copy_block = [&](std::size_t at) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(read + at));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(write + at), block);
    return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, amp))));
  };
  // Sixty-four bytes a step where there are as many: whether the next '&' is in them or not, the
  // step is the same, so the branch a block of sixteen took on its '&' (taken a third of the time,
  // unpredictably) is not there, and '&amp;', nearly every reference of a sitemap, is a branch
  // the processor predicts.
  while (end - read >= 64) {
    const std::uint64_t ampersands = copy_block(0) | copy_block(16) << 16 | copy_block(32) << 32 | copy_block(48) << 48;
    const int before = std::countr_zero(ampersands);  // 64 when there is none
    read += before;
    write += before;
    if (before == 64) continue;
    if (end - read >= static_cast<std::ptrdiff_t>(kAmp.size()) && std::memcmp(read, kAmp.data(), kAmp.size()) == 0) {
      *write++ = '&';
      read += kAmp.size();
    } else {
      reference();
    }
  }
  while (end - read >= 16) {
    const std::uint64_t ampersands = copy_block(0);
    if (ampersands == 0) {
      read += 16;
      write += 16;
      continue;
    }
    const int before = std::countr_zero(ampersands);
    read += before;
    write += before;
    reference();
  }
#endif
  while (read < end) {
    if (*read == '&') {
      reference();
    } else {
      *write++ = *read++;
    }
  }
  out->resize(base + static_cast<std::size_t>(write - start));
  return faulty;
}

void append_utf8(std::uint32_t cp, std::string* out) {
  char bytes[4];
  out->append(bytes, static_cast<std::size_t>(write_utf8(cp, bytes) - bytes));
}

std::uint8_t markup_character_bit(char c) {
  switch (c) {
    case '&': return kAmpersand;
    case '<': return kLessThan;
    case '>': return kGreaterThan;
    case '"': return kQuote;
    case '\'': return kApostrophe;
    default: return 0;
  }
}

#if defined(__SSE2__)
namespace {

// Where the first block of sixteen bytes holding one of the five characters starts in the n >= 16
// bytes at p (or the first of four blocks, one of which holds one; the last block ends with the
// bytes, overlapping the one before), or n: three comparisons a block where telling them apart
// takes five. '&' (0x26) and '\'' (0x27) differ in the lowest bit alone, '<' (0x3C) and '>' (0x3E)
// in the second, so each pair is one comparison once that bit is set. Most texts hold none; the
// others are told apart from there on, so that a long URL with an '&' early is not read twice.
std::size_t first_block_with_markup(const char* p, std::size_t n) {
  const __m128i bit0 = _mm_set1_epi8(1), bit1 = _mm_set1_epi8(2), amp_apos = _mm_set1_epi8(0x27),
                lt_gt = _mm_set1_epi8(0x3E), quote = _mm_set1_epi8('"');
  const auto found = [&](const char* at) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
    return _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(_mm_or_si128(v, bit0), amp_apos), _mm_cmpeq_epi8(_mm_or_si128(v, bit1), lt_gt)),
        _mm_cmpeq_epi8(v, quote));
  };
  const auto holds = [&](const char* at) { return _mm_movemask_epi8(found(at)) != 0; };
  std::size_t i = 0;
  // Four blocks a test while they last: a URL's bytes are mostly in them.
  for (; i + 64 <= n; i += 64) {
    const __m128i any =
        _mm_or_si128(_mm_or_si128(found(p + i), found(p + i + 16)), _mm_or_si128(found(p + i + 32), found(p + i + 48)));
    if (_mm_movemask_epi8(any) != 0) return i;
  }
  for (; i + 16 <= n; i += 16) {
    if (holds(p + i)) return i;
  }
  return i < n && holds(p + n - 16) ? n - 16 : n;
}

}  // namespace
#endif

std::uint8_t markup_characters(std::string_view text) {
  const char* p = text.data();
  const std::size_t n = text.size();
#if defined(__SSE2__)
  // Sixteen bytes a step from the first block with one of them, each compared with all five
  // characters; what each comparison found is gathered over the rest and read once at the end.
  if (n >= 16) {
    std::size_t i = first_block_with_markup(p, n);
    if (i == n) return 0;
    const __m128i amp = _mm_set1_epi8('&'), lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>'),
                  quote = _mm_set1_epi8('"'), apos = _mm_set1_epi8('\'');
    __m128i seen_amp = _mm_setzero_si128(), seen_lt = seen_amp, seen_gt = seen_amp, seen_quote = seen_amp,
            seen_apos = seen_amp;
    const auto block = [&](const char* at) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
      seen_amp = _mm_or_si128(seen_amp, _mm_cmpeq_epi8(v, amp));
      seen_lt = _mm_or_si128(seen_lt, _mm_cmpeq_epi8(v, lt));
      seen_gt = _mm_or_si128(seen_gt, _mm_cmpeq_epi8(v, gt));
      seen_quote = _mm_or_si128(seen_quote, _mm_cmpeq_epi8(v, quote));
      seen_apos = _mm_or_si128(seen_apos, _mm_cmpeq_epi8(v, apos));
    };
    for (; i + 16 <= n; i += 16) block(p + i);
    if (i < n) block(p + n - 16);  // the last sixteen bytes, overlapping the block before
    const auto bit = [](__m128i seen, std::uint8_t b) { return _mm_movemask_epi8(seen) != 0 ? b : std::uint8_t{0}; };
    return static_cast<std::uint8_t>(bit(seen_amp, kAmpersand) | bit(seen_lt, kLessThan) | bit(seen_gt, kGreaterThan) |
                                     bit(seen_quote, kQuote) | bit(seen_apos, kApostrophe));
  }
#endif
  std::uint8_t bits = 0;
  for (std::size_t i = 0; i < n; ++i) bits |= markup_character_bit(p[i]);
  return bits;
}

}  // namespace sitemaplint
