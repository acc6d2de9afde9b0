#include "analysis/line_starts.h"

#include <algorithm>
#include <utility>

#include "analysis/encoding_scan.h"

namespace sitemaplint {

LineStarts LineStarts::of(std::string_view text) {
  LineStarts lines;
  EncodingFacts facts;
  scan_characters(text, facts, &lines);
  return lines;
}

void LineStarts::append_later(LineStarts&& later) {
  usable_ = usable_ && later.usable_;
  if (!usable_) {
    starts_.clear();
    later_.clear();
    return;
  }
  later_ = std::move(later.starts_);
}

std::optional<Position> LineStarts::position(std::string_view text, std::size_t offset) const {
  if (!usable_) return std::nullopt;
  offset = std::min(offset, text.size());
  // The last line that starts at or before the offset.
  const auto after = std::upper_bound(starts_.begin(), starts_.end(), offset);
  auto line = static_cast<std::size_t>(after - starts_.begin());
  std::size_t from = starts_[line - 1];
  if (after == starts_.end() && later_.size() > 1 && later_[1] <= offset) {
    const auto later_after = std::upper_bound(later_.begin() + 1, later_.end(), offset);
    const auto more = static_cast<std::size_t>(later_after - (later_.begin() + 1));
    line += more;
    from = later_[more];
  }
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
