#include "report/excerpt.h"

#include <algorithm>
#include <vector>

#include <unicode/utf8.h>

namespace sitemaplint {
namespace {

// The offsets in `text` where each code point (or ill-formed subsequence) starts.
std::vector<std::size_t> boundaries(std::string_view text) {
  std::vector<std::size_t> starts;
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int64_t>(text.size());
  for (std::int64_t at = 0; at < length;) {
    starts.push_back(static_cast<std::size_t>(at));
    UChar32 c;
    U8_NEXT(data, at, length, c);
  }
  return starts;
}

}  // namespace

Excerpt make_excerpt(std::string_view line, std::size_t at, std::size_t length) {
  constexpr std::size_t kCharsBefore = 60, kCharsAfter = 60, kMaxBytesPerChar = 4, kMaxCaretWidth = 80;
  at = std::min(at, line.size());
  std::size_t begin = at > kCharsBefore * kMaxBytesPerChar ? at - kCharsBefore * kMaxBytesPerChar : 0;
  while (begin > 0 && begin < at && (static_cast<unsigned char>(line[begin]) & 0xC0) == 0x80) ++begin;
  // Characters are counted only where there may be too many: no more bytes than the window's
  // characters (a usual sitemap line) need no cut.
  if (at - begin > kCharsBefore) {
    const std::vector<std::size_t> before = boundaries(line.substr(begin, at - begin));
    if (before.size() > kCharsBefore) begin += before[before.size() - kCharsBefore];
  }
  const std::size_t tail = std::min(line.size() - at, kCharsAfter * kMaxBytesPerChar);
  std::size_t end = at + tail;
  if (tail > kCharsAfter) {
    const std::vector<std::size_t> after = boundaries(line.substr(at, tail));
    if (after.size() > kCharsAfter) end = at + after[kCharsAfter];
  }

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
