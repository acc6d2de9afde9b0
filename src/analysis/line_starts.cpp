#include "analysis/line_starts.h"

#include <algorithm>

#include "analysis/encoding_scan.h"

namespace sitemaplint {

LineStarts LineStarts::of(std::string_view text) {
  LineStarts lines;
  EncodingFacts facts;
  scan_characters(text, facts, &lines);
  return lines;
}

void LineStarts::append_later(const LineStarts& later) {
  usable_ = usable_ && later.usable_;
  if (!usable_) {
    starts_.clear();
    return;
  }
  if (!later.starts_.empty()) starts_.insert(starts_.end(), later.starts_.begin() + 1, later.starts_.end());
}

std::optional<Position> LineStarts::position(std::string_view text, std::size_t offset) const {
  if (!usable_) return std::nullopt;
  offset = std::min(offset, text.size());
  // The last line that starts at or before the offset.
  const auto after = std::upper_bound(starts_.begin(), starts_.end(), offset);
  const auto line = static_cast<std::size_t>(after - starts_.begin());
  std::size_t from = starts_[line - 1];
  // A UTF-8 byte order mark is an encoding signature, not a character an editor shows.
  if (line == 1 && text.starts_with("\xEF\xBB\xBF") && offset >= 3) from = 3;
  Position pos{line, 1, 1};
  if (has_last_ && last_.line == line && last_offset_ >= from && last_offset_ <= offset) {
    pos = last_;
    from = last_offset_;
  }
  last_ = advance_columns(text, pos, from, offset);
  last_offset_ = offset;
  has_last_ = true;
  return last_;
}

}  // namespace sitemaplint
