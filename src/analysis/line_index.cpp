#include "analysis/line_index.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#include <unicode/utf8.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sitemaplint {

LineIndex::LineIndex(std::string_view text) : text_(text) { starts_.push_back(0); }

std::size_t LineIndex::next_cr(std::size_t before) const {
  constexpr std::size_t kChunk = 64 * 1024;
  while (next_cr_ == cr_searched_ && cr_searched_ < std::min(before, text_.size())) {
    const std::size_t end = std::min(text_.size(), std::max(before, cr_searched_ + kChunk));
    const void* cr = std::memchr(text_.data() + cr_searched_, '\r', end - cr_searched_);
    next_cr_ = cr ? static_cast<std::size_t>(static_cast<const char*>(cr) - text_.data()) : end;
    cr_searched_ = end;
  }
  return next_cr_;
}

void LineIndex::scan_lines(std::size_t lines) const {
  const char* data = text_.data();
  const std::size_t size = text_.size();
  while (starts_.size() < lines && scanned_ < size) {
#if defined(__SSE2__)
    // Sixteen bytes a step: a sitemap's lines are short (an element each), and a memchr per line
    // cost more than the search. A block with a CR goes the way below, which knows CRLF.
    if (scanned_ + 16 <= size) {
      const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + scanned_));
      if (_mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_set1_epi8('\r'))) == 0) {
        auto lf = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_set1_epi8('\n'))));
        const std::size_t base = scanned_;
        scanned_ += 16;  // past every line break of the block, unless the lines asked for end first
        for (; lf != 0; lf &= lf - 1) {
          starts_.push_back(base + static_cast<std::size_t>(std::countr_zero(lf)) + 1);
          if (starts_.size() == lines) {
            scanned_ = starts_.back();
            break;
          }
        }
        continue;
      }
    }
#endif
    // memchr: most bytes are not line breaks.
    const void* lf = std::memchr(data + scanned_, '\n', size - scanned_);
    const std::size_t next_lf = lf ? static_cast<std::size_t>(static_cast<const char*>(lf) - data) : size;
    if (const std::size_t at = next_cr(next_lf); at < next_lf) {
      scanned_ = (at + 1 < size && data[at + 1] == '\n') ? at + 2 : at + 1;
      next_cr_ = cr_searched_ = scanned_;  // nothing known past this CR
    } else if (lf) {
      scanned_ = next_lf + 1;
    } else {
      scanned_ = size;
      break;
    }
    starts_.push_back(scanned_);
  }
}

void LineIndex::scan_past(std::size_t offset) const {
  // Lines asked for in batches: one at a time, each question about the next finding would scan
  // a block again for one line.
  while (starts_.back() <= offset && scanned_ < text_.size()) scan_lines(starts_.size() + 256);
}

std::size_t LineIndex::line_end(std::size_t line) const { return line < starts_.size() ? starts_[line] : text_.size(); }

std::size_t LineIndex::line_count() const {
  scan_lines(static_cast<std::size_t>(-1));
  return starts_.size();
}

std::size_t LineIndex::line_start(std::size_t line) const {
  scan_lines(line);
  return starts_[line - 1];
}

std::size_t LineIndex::line_of(std::size_t offset) const {
  const auto begin = starts_.begin();
  if (starts_[cached_.line - 1] > offset)
    return static_cast<std::size_t>(std::upper_bound(begin, starts_.end(), offset) - begin);
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
  scan_past(offset);
  const std::size_t line = line_of(offset);
  Position pos;
  pos.line = line;
  std::size_t i = starts_[line - 1];
  // A UTF-8 byte order mark is an encoding signature, not a character an editor shows.
  if (line == 1 && text_.starts_with("\xEF\xBB\xBF") && offset >= 3) i = 3;
  if (line_end(line) - i > kCheckpointBytes) {
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

Position advance_columns(std::string_view text, Position pos, std::size_t from, std::size_t offset) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
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

Position LineIndex::advance(Position pos, std::size_t from, std::size_t offset) const {
  return advance_columns(text_, pos, from, offset);
}

namespace {

// The bits set in a mask, in a few shifts, adds and a multiply: std::popcount is a library call
// on the x86-64 baseline, which has no POPCNT instruction, and it cost more than the search
// around it.
std::size_t bits_set64(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555u);
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
  return static_cast<std::size_t>((x * 0x0101010101010101u) >> 56);
}

}  // namespace

namespace {

// Whether byte `i` of `data` (of `size` bytes) ends a line: an LF, or a CR not followed by an LF
// (the LF of a CRLF ends it).
bool ends_line(const char* data, std::size_t size, std::size_t i) {
  return data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n'));
}

// The line breaks in [from, to) of `data`, as ends_line counts them.
std::size_t line_breaks_between(const char* data, std::size_t size, std::size_t from, std::size_t to) {
  std::size_t count = 0, i = from;
#if defined(__SSE2__)
  const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r'), zero = _mm_setzero_si128();
  while (i + 64 <= to) {
    // Sixty-four bytes a step, LFs counted in byte lanes (each lane gets at most four a step, so 63
    // steps fit a byte) and summed when the steps end; a step with a CR is counted byte by byte.
    __m128i lanes = zero;
    int steps = 0;
    for (; steps < 63 && i + 64 <= to; ++steps, i += 64) {
      __m128i blocks[4];
      for (int k = 0; k < 4; ++k) blocks[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i + 16 * k));
      const __m128i any_cr = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(blocks[0], cr), _mm_cmpeq_epi8(blocks[1], cr)),
                                          _mm_or_si128(_mm_cmpeq_epi8(blocks[2], cr), _mm_cmpeq_epi8(blocks[3], cr)));
      if (_mm_movemask_epi8(any_cr) != 0) break;
      for (int k = 0; k < 4; ++k) lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(blocks[k], lf));
    }
    const __m128i sums = _mm_sad_epu8(lanes, zero);
    count += static_cast<std::size_t>(_mm_cvtsi128_si64(sums)) +
             static_cast<std::size_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)));
    if (steps < 63 && i + 64 <= to) {
      // A CR among the next sixty-four bytes: LFs and the CRs no LF follows, counted in bit masks.
      std::uint64_t lfs = 0, crs = 0;
      for (int k = 0; k < 4; ++k) {
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i + 16 * k));
        lfs |= std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, lf)))} << (16 * k);
        crs |= std::uint64_t{static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, cr)))} << (16 * k);
      }
      const std::uint64_t lf_next = (lfs >> 1) | (i + 64 < size && data[i + 64] == '\n' ? std::uint64_t{1} << 63 : 0);
      count += bits_set64(lfs) + bits_set64(crs & ~lf_next);
      i += 64;
    }
  }
  // The rest, sixteen bytes a step where the text goes on that far (the bytes from `to` on are
  // masked off), unless a CR is among those counted.
  while (i < to && i + 16 <= size) {
    const std::size_t step = std::min<std::size_t>(16, to - i);
    const unsigned wanted = 0xFFFFu >> (16 - step);
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + i));
    if ((static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, cr))) & wanted) != 0) break;
    count += bits_set64(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, lf))) & wanted);
    i += step;
  }
#endif
  for (; i < to; ++i) count += ends_line(data, size, i) ? 1 : 0;
  return count;
}

// Just past the last line break in [from, to) of `data`, which holds one.
std::size_t after_last_line_end(const char* data, std::size_t size, std::size_t from, std::size_t to) {
  std::size_t i = to;
  while (i > from && !ends_line(data, size, i - 1)) --i;
  return i;
}

}  // namespace

PositionCursor::PositionCursor(std::string_view text) : text_(text), bom_(text.starts_with("\xEF\xBB\xBF") ? 3 : 0) {}

Position PositionCursor::at(std::size_t offset) {
  const char* data = text_.data();
  const std::size_t size = text_.size();
  offset = std::min(offset, size);
  if (offset > counted_to_) {
    if (const std::size_t breaks = line_breaks_between(data, size, counted_to_, offset); breaks != 0) {
      line_ += breaks;
      line_start_ = after_last_line_end(data, size, counted_to_, offset);
    }
    counted_to_ = offset;
  }
  std::size_t from = line_start_;
  // A UTF-8 byte order mark is an encoding signature, not a character an editor shows.
  if (line_ == 1 && offset >= bom_) from = std::max(from, bom_);
  Position pos{line_, 1, 1};
  if (has_last_ && last_.line == line_ && last_offset_ >= from) {  // on from the last offset:
    pos = last_;  // a long line is decoded once
    from = last_offset_;
  }
  last_ = advance_columns(text_, pos, from, offset);
  last_offset_ = offset;
  has_last_ = true;
  return last_;
}

std::vector<Position> positions_in_order(std::string_view text, std::span<const std::size_t> offsets) {
  std::vector<Position> out;
  out.reserve(offsets.size());
  PositionCursor cursor(text);
  for (const std::size_t offset : offsets) out.push_back(cursor.at(offset));
  return out;
}

const std::vector<LineIndex::Checkpoint>& LineIndex::checkpoints(std::size_t line) const {
  const auto known = checkpoints_.find(line);
  if (known != checkpoints_.end()) return known->second;
  std::vector<Checkpoint>& marks = checkpoints_[line];
  std::size_t at = starts_[line - 1];
  if (line == 1 && text_.starts_with("\xEF\xBB\xBF")) at = 3;
  const std::size_t end = line_end(line);
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
  if (line == 0) return {};
  scan_lines(line + 1);  // the line and the start of the next, where it ends
  if (line > starts_.size()) return {};
  const std::size_t begin = starts_[line - 1];
  std::size_t end = line_end(line);
  while (end > begin && (text_[end - 1] == '\n' || text_[end - 1] == '\r')) --end;
  return text_.substr(begin, end - begin);
}

namespace {

bool is_line_break_byte(char c) { return c == '\n' || c == '\r'; }

#if defined(__SSE2__)
// The bits of a 16-byte block that are LF or CR.
unsigned line_breaks_in(const char* block) {
  const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block));
  return static_cast<unsigned>(_mm_movemask_epi8(
      _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\r')))));
}
#endif

// The first LF or CR in [from, to) of `base`, or `to`.
std::size_t first_line_break(const char* base, std::size_t from, std::size_t to) {
#if defined(__SSE2__)
  for (; from + 16 <= to; from += 16) {
    if (const unsigned breaks = line_breaks_in(base + from))
      return from + static_cast<std::size_t>(std::countr_zero(breaks));
  }
#endif
  while (from < to && !is_line_break_byte(base[from])) ++from;
  return from;
}

// Just past the last LF or CR in [from, to) of `base`, or `from` when there is none.
std::size_t after_last_line_break(const char* base, std::size_t from, std::size_t to) {
#if defined(__SSE2__)
  for (; to >= from + 16; to -= 16) {
    if (const unsigned breaks = line_breaks_in(base + to - 16)) {
      return to - 16 + static_cast<std::size_t>(31 - std::countl_zero(breaks)) + 1;
    }
  }
#endif
  while (to > from && !is_line_break_byte(base[to - 1])) --to;
  return to;
}

}  // namespace

std::optional<std::string_view> short_line_at(std::string_view text, std::size_t offset, std::size_t reach) {
  offset = std::min(offset, text.size());
  // The LF of a CRLF belongs to the line the CR ends.
  if (offset > 0 && offset < text.size() && text[offset] == '\n' && text[offset - 1] == '\r') --offset;
  // A line ends at LF, at CR (a lone CR ends a line too) and at the CR of a CRLF: backwards, the
  // line starts after the last of either; forwards, it ends at the first.
  const char* base = text.data();
  const std::size_t low = offset > reach ? offset - reach : 0;
  const std::size_t begin = after_last_line_break(base, low, offset);
  if (begin == low && low > 0 && !is_line_break_byte(base[low - 1])) return std::nullopt;
  const std::size_t high = std::min(text.size(), offset + reach);
  const std::size_t end = first_line_break(base, offset, high);
  if (end == high && high < text.size() && !is_line_break_byte(base[high])) return std::nullopt;
  return text.substr(begin, end - begin);
}

}  // namespace sitemaplint
