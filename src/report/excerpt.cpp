#include "report/excerpt.h"

#include <algorithm>
#include <array>

#include <unicode/utf8.h>

namespace sitemaplint {
namespace {

// Where the code point `count` code points (or ill-formed subsequences) from the end of `text`
// starts, read forwards as U8_NEXT reads them; 0 when `text` holds no more than `count`. The last
// `count` starts are kept in a ring, not all of them in a list: an excerpt is made for every
// finding a person reads.
std::size_t start_of_last(std::string_view text, std::size_t count) {
  std::array<std::size_t, 64> ring{};  // count <= 64
  std::size_t seen = 0;
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int64_t>(text.size());
  for (std::int64_t at = 0; at < length; ++seen) {
    ring[seen % ring.size()] = static_cast<std::size_t>(at);
    UChar32 c;
    U8_NEXT(data, at, length, c);
  }
  return seen > count ? ring[(seen - count) % ring.size()] : 0;
}

// Where the code point after the first `count` of `text` starts; text.size() when there are no more.
std::size_t end_of_first(std::string_view text, std::size_t count) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int64_t>(text.size());
  std::int64_t at = 0;
  for (std::size_t n = 0; n < count && at < length; ++n) {
    UChar32 c;
    U8_NEXT(data, at, length, c);
  }
  return static_cast<std::size_t>(at);
}

}  // namespace

Excerpt make_excerpt(std::string_view line, std::size_t at, std::size_t length) {
  constexpr std::size_t kCharsBefore = 60, kCharsAfter = 60, kMaxBytesPerChar = 4, kMaxCaretWidth = 80;
  at = std::min(at, line.size());
  std::size_t begin = at > kCharsBefore * kMaxBytesPerChar ? at - kCharsBefore * kMaxBytesPerChar : 0;
  while (begin > 0 && begin < at && (static_cast<unsigned char>(line[begin]) & 0xC0) == 0x80) ++begin;
  // Characters are counted only where there may be too many: no more bytes than the window's
  // characters (a usual sitemap line) need no cut.
  if (at - begin > kCharsBefore) begin += start_of_last(line.substr(begin, at - begin), kCharsBefore);
  const std::size_t tail = std::min(line.size() - at, kCharsAfter * kMaxBytesPerChar);
  std::size_t end = at + tail;
  if (tail > kCharsAfter) end = at + end_of_first(line.substr(at, tail), kCharsAfter);

  Excerpt excerpt;
  if (begin > 0) excerpt.text = "...";
  excerpt.caret_column = excerpt.text.size() + append_printable(line.substr(begin, at - begin), excerpt.text);
  // The finding as far as the window shows it: an underline never runs past the cut.
  const std::size_t shown = std::min(length, end - at);
  excerpt.mark_begin = excerpt.text.size();
  const std::size_t width = append_printable(line.substr(at, shown), excerpt.text);
  excerpt.mark_end = excerpt.text.size();
  excerpt.caret_width = std::clamp<std::size_t>(width, 1, kMaxCaretWidth);
  append_printable(line.substr(at + shown, end - at - shown), excerpt.text);
  if (end < line.size()) excerpt.text += "...";
  return excerpt;
}

}  // namespace sitemaplint
