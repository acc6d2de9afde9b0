// Where each line of a text starts, recorded by the pre-scan (scan_characters) before a parse in
// place overwrites the bytes: pugixml writes a NUL after each name and value, and the byte after a
// name may have been a line break. The findings of the file are then placed from the record and the
// overwritten bytes instead of from the file read again (a NUL only ever replaces an ASCII byte,
// so the columns counted in the overwritten bytes are those of the bytes as written): JSON output
// needs nothing more, and a report that shows lines reads the file only then. Four bytes a line:
// 1.2 MB for a 10 MB sitemap of 50,000 URLs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "analysis/line_index.h"
#include "analysis/huge_pages.h"

namespace sitemaplint {

struct EncodingFacts;

class LineStarts {
 public:
  LineStarts() = default;
  // The lines of `text`, as the pre-scan records them. None are recorded (usable() is false) for
  // text with a CR in it, where a lone CR ends a line and PositionCursor decides, or of 2 GiB or
  // more.
  static LineStarts of(std::string_view text);

  bool usable() const { return usable_; }
  // The position of `offset` (the end, past it) in `text`, the text recorded or a copy of it whose
  // line breaks and bytes from 0x80 are where they were (ASCII bytes may differ), as
  // PositionCursor gives it in the text recorded; nullopt when nothing is recorded. Columns are
  // counted on from the last answer when it is on the same line, before the offset: findings are
  // placed in order, and a long line is decoded once.
  std::optional<Position> position(std::string_view text, std::size_t offset) const;

  // Adds the lines a recorder of the text after this one's found (a scan in two halves): all but
  // its first, the start of the text, which is no line start of the whole. Taken over as they are,
  // not copied after this one's: the copy, on one core after the halves, faulted in its pages anew.
  void append_later(LineStarts&& later);

 private:
  friend class LineRecorder;  // the pre-scan's, in encoding_scan.cpp
  bool usable_ = false;
  // Written front to back by the pre-scan, in a huge-page room from 512 KiB (analysis/huge_pages.h).
  using Starts = std::vector<std::uint32_t, HugeRoomAllocator<std::uint32_t>>;
  Starts starts_;  // of every line, in order: line 1 starts at 0
  // The second half's, when the text was scanned in two (append_later): the lines after starts_,
  // from later_[1] (later_[0] is the half's own start).
  Starts later_;
  mutable Position last_{};  // the last answer, at last_offset_
  mutable std::size_t last_offset_ = 0;
  mutable bool has_last_ = false;
};

// scan_characters (encoding_scan.h), recording the lines of `bytes` into `lines` as well when it is
// not null: the pre-scan reads the bytes once for both.
void scan_characters(std::string_view bytes, EncodingFacts& facts, LineStarts* lines);
// The same, on two threads for a large text when `threads` allows.
void scan_characters(std::string_view bytes, EncodingFacts& facts, LineStarts* lines, unsigned threads);

}  // namespace sitemaplint
