#include "analysis/line_index.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include <unicode/utf8.h>

namespace sitemaplint {

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  const char* data = text.data();
  const std::size_t size = text.size();
  // memchr-style searches: most bytes are not line breaks, and most files have no CR at all, so
  // the next CR is looked for again only once passed, not on every line.
  const auto find = [&](char c, std::size_t from) {
    const void* at = std::memchr(data + from, c, size - from);
    return at ? static_cast<std::size_t>(static_cast<const char*>(at) - data) : size;
  };
  std::size_t next_cr = find('\r', 0);
  std::size_t i = 0;
  while (i < size) {
    const std::size_t next_lf = find('\n', i);
    if (next_cr < i) next_cr = find('\r', i);
    if (next_cr < next_lf) {
      const std::size_t after = (next_cr + 1 < size && data[next_cr + 1] == '\n') ? next_cr + 2 : next_cr + 1;
      starts_.push_back(after);
      i = after;
      continue;
    }
    if (next_lf == size) break;
    starts_.push_back(next_lf + 1);
    i = next_lf + 1;
  }
}

std::size_t LineIndex::line_of(std::size_t offset) const {
  const auto begin = starts_.begin();
  if (starts_[cached_.line - 1] > offset) return static_cast<std::size_t>(std::upper_bound(begin, starts_.end(), offset) - begin);
  // Findings are placed in offset order, a few lines apart: gallop forward from the last answer's
  // line (a few probes in memory just read) rather than search a large file's lines from the top.
  // Every line before `low` starts at or before `offset`; line `high` (0-based), if any, after it.
  std::size_t low = cached_.line, high = low, step = 1;
  while (high < starts_.size() && starts_[high] <= offset) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = std::min(high, starts_.size());
  return static_cast<std::size_t>(std::upper_bound(begin + low, begin + high, offset) - begin);
}

Position LineIndex::position(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  const std::size_t line = line_of(offset);
  Position pos;
  pos.line = line;
  std::size_t i = starts_[line - 1];
  // A UTF-8 byte order mark is an encoding signature, not a character an editor shows.
  if (line == 1 && text_.starts_with("\xEF\xBB\xBF") && offset >= 3) i = 3;
  const std::size_t line_end = line < starts_.size() ? starts_[line] : text_.size();
  if (line_end - i > kCheckpointBytes) {
    const std::vector<Checkpoint>& marks = checkpoints(line);
    const auto mark = std::upper_bound(marks.begin(), marks.end(), offset,
                                       [](std::size_t o, const Checkpoint& c) { return o < c.offset; });
    if (mark != marks.begin() && (mark - 1)->offset > i) {
      pos = (mark - 1)->position;
      i = (mark - 1)->offset;
    }
  }
  if (cached_.line == line && cached_offset_ >= i && cached_offset_ <= offset) {
    pos = cached_;
    i = cached_offset_;
  }
  pos = advance(pos, i, offset);
  cached_offset_ = offset;
  cached_ = pos;
  return pos;
}

Position LineIndex::advance(Position pos, std::size_t from, std::size_t offset) const {
  // Decode as an editor does: each code point, and each ill-formed UTF-8 subsequence (ICU's
  // maximal subpart, shown as one U+FFFD), is one column.
  const auto* data = reinterpret_cast<const std::uint8_t*>(text_.data());
  const auto limit = static_cast<std::int64_t>(offset);
  std::int64_t at = static_cast<std::int64_t>(from);
  while (at < limit) {
    // ASCII, the usual case, a word at a time: a column and a UTF-16 unit a byte.
    if (limit - at >= 8) {
      std::uint64_t word;
      std::memcpy(&word, data + at, sizeof word);
      if ((word & 0x8080808080808080u) == 0) {
        at += 8;
        pos.column += 8;
        pos.utf16_column += 8;
        continue;
      }
    }
    UChar32 c;
    U8_NEXT(data, at, limit, c);
    ++pos.column;
    pos.utf16_column += c > 0xFFFF ? 2 : 1;  // astral code points take a surrogate pair
  }
  return pos;
}

const std::vector<LineIndex::Checkpoint>& LineIndex::checkpoints(std::size_t line) const {
  const auto known = checkpoints_.find(line);
  if (known != checkpoints_.end()) return known->second;
  std::vector<Checkpoint>& marks = checkpoints_[line];
  std::size_t at = starts_[line - 1];
  if (line == 1 && text_.starts_with("\xEF\xBB\xBF")) at = 3;
  const std::size_t end = line < starts_.size() ? starts_[line] : text_.size();
  Position pos;
  pos.line = line;
  const auto* data = reinterpret_cast<const std::uint8_t*>(text_.data());
  auto i = static_cast<std::int64_t>(at);
  std::size_t next = at + kCheckpointBytes;
  while (static_cast<std::size_t>(i) < end) {
    UChar32 c;
    U8_NEXT(data, i, static_cast<std::int64_t>(end), c);
    ++pos.column;
    pos.utf16_column += c > 0xFFFF ? 2 : 1;
    if (static_cast<std::size_t>(i) >= next) {  // at a code point's end: a safe place to resume
      marks.push_back({static_cast<std::size_t>(i), pos});
      next = static_cast<std::size_t>(i) + kCheckpointBytes;
    }
  }
  return marks;
}

std::string_view LineIndex::line_text(std::size_t line) const {
  if (line == 0 || line > starts_.size()) return {};
  const std::size_t begin = starts_[line - 1];
  std::size_t end = line < starts_.size() ? starts_[line] : text_.size();
  while (end > begin && (text_[end - 1] == '\n' || text_[end - 1] == '\r')) --end;
  return text_.substr(begin, end - begin);
}

}  // namespace sitemaplint
