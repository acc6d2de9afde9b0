// Decoding a page with ICU (page_decoding.h). ucnv_toUnicode reports, for each UTF-16 unit it
// writes, the offset of the source bytes it came from; the units are then written as UTF-8 with
// those offsets.
#include "pages/page_decoding.h"

#include <cstdint>
#include <cstring>
#include <memory>

#include <unicode/ucnv.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include "analysis/utf8.h"

namespace sitemaplint {
namespace {

struct ConverterCloser {
  void operator()(UConverter* converter) const { ucnv_close(converter); }
};

void append_utf8(DecodedPage& page, UChar32 c, std::uint32_t from) {
  char buffer[U8_MAX_LENGTH];
  std::int32_t length = 0;
  UBool error = false;
  U8_APPEND(buffer, length, U8_MAX_LENGTH, c, error);
  if (error) return;
  page.text.append(buffer, static_cast<std::size_t>(length));
  page.source.insert(page.source.end(), static_cast<std::size_t>(length), from);
}

}  // namespace

std::optional<DecodedPage> decode_with_icu(std::string_view bytes, std::string_view converter_name) {
  UErrorCode status = U_ZERO_ERROR;
  const std::string name(converter_name);
  const std::unique_ptr<UConverter, ConverterCloser> converter(ucnv_open(name.c_str(), &status));
  if (U_FAILURE(status) || !converter) return std::nullopt;

  DecodedPage page;
  page.text.reserve(bytes.size() + bytes.size() / 2);
  page.source.reserve(page.text.capacity() + 1);
  // UTF-16 units in chunks, with the source offset of each; a surrogate pair may straddle two.
  constexpr std::size_t kChunk = 16 * 1024;
  std::vector<UChar> units(kChunk);
  std::vector<std::int32_t> offsets(kChunk);
  const char* source = bytes.data();
  const char* const end = bytes.data() + bytes.size();
  std::optional<UChar> lead;  // a high surrogate waiting for its pair
  std::uint32_t lead_from = 0;
  std::uint32_t last_from = 0;
  for (;;) {
    UChar* target = units.data();
    const char* const call_start = source;
    status = U_ZERO_ERROR;
    ucnv_toUnicode(converter.get(), &target, units.data() + units.size(), &source, end, offsets.data(), true, &status);
    const auto written = static_cast<std::size_t>(target - units.data());
    for (std::size_t i = 0; i < written; ++i) {
      // -1: a unit from bytes an earlier call had buffered; the last offset known stands.
      if (offsets[i] >= 0) last_from = static_cast<std::uint32_t>(call_start - bytes.data() + offsets[i]);
      const UChar unit = units[i];
      if (lead) {
        if (U16_IS_TRAIL(unit)) {
          append_utf8(page, U16_GET_SUPPLEMENTARY(*lead, unit), lead_from);
          lead.reset();
          continue;
        }
        append_utf8(page, 0xFFFD, lead_from);
        lead.reset();
      }
      if (U16_IS_LEAD(unit)) {
        lead = unit;
        lead_from = last_from;
      } else {
        append_utf8(page, U16_IS_SURROGATE(unit) ? 0xFFFD : unit, last_from);
      }
    }
    if (status != U_BUFFER_OVERFLOW_ERROR) break;
  }
  if (lead) append_utf8(page, 0xFFFD, lead_from);
  page.source.push_back(static_cast<std::uint32_t>(bytes.size()));
  return page;
}

std::optional<std::size_t> first_invalid_utf8(std::string_view bytes, bool may_be_cut) {
  for (std::size_t at = 0; at < bytes.size();) {
    // 32 bytes, then eight, of ASCII at a time: most of a page is markup.
    if (at + 32 <= bytes.size()) {
      std::uint64_t words[4];
      std::memcpy(words, bytes.data() + at, 32);
      if (((words[0] | words[1] | words[2] | words[3]) & 0x8080808080808080ULL) == 0) {
        at += 32;
        continue;
      }
    }
    if (at + 8 <= bytes.size()) {
      std::uint64_t word = 0;
      std::memcpy(&word, bytes.data() + at, 8);
      if ((word & 0x8080808080808080ULL) == 0) {
        at += 8;
        continue;
      }
    }
    if (static_cast<unsigned char>(bytes[at]) < 0x80) {
      ++at;
      continue;
    }
    const std::size_t begin = at;
    if (next_code_point(bytes, at) >= 0) continue;
    // The maximal subpart ran to the end from a byte that can lead a sequence: a sequence the end
    // of the bytes read truncated, whose rest may follow in the file.
    const auto lead = static_cast<unsigned char>(bytes[begin]);
    if (may_be_cut && at == bytes.size() && lead >= 0xC2 && lead <= 0xF4) return std::nullopt;
    return begin;
  }
  return std::nullopt;
}

}  // namespace sitemaplint
