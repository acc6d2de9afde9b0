// Turns byte offsets into 1-based line and column numbers. Built only when a finding is printed, so
// a clean file never pays for it, and only as far as the questions reach: a finding near the top
// of a 50 MB file does not find the line breaks of the rest. A line ends at LF, CRLF or a lone CR,
// as XML defines.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sitemaplint {

struct Position {
  std::size_t line = 1;  // 1-based
  std::size_t column = 1;  // 1-based, in Unicode code points (what a person counts)
  std::size_t utf16_column = 1;  // 1-based, in UTF-16 code units (what LSP clients count)
};

class LineIndex {
 public:
  explicit LineIndex(std::string_view text);

  Position position(std::size_t offset) const;
  // The text of the 1-based line, without its line break.
  std::string_view line_text(std::size_t line) const;
  std::size_t line_count() const;
  // Byte offset of the 1-based line's first byte (the language server counts UTF-8 columns from it).
  std::size_t line_start(std::size_t line) const;

 private:
  std::string_view text_;
  // The offset of each line's first byte, found so far: every line start up to scanned_.
  mutable std::vector<std::size_t> starts_;
  mutable std::size_t scanned_ = 0;
  // CRs are rare: searched for in chunks ahead of scanned_, not once per line. next_cr_ is the
  // first '\r' at or after scanned_ if one is before cr_searched_, else cr_searched_.
  mutable std::size_t next_cr_ = 0, cr_searched_ = 0;
  std::size_t next_cr(std::size_t before) const;  // next_cr_, searched up to `before` at least
  // Finds line starts until `lines` are known or the text ends.
  void scan_lines(std::size_t lines) const;
  // Finds line starts until the line holding `offset` and its end are known.
  void scan_past(std::size_t offset) const;
  // The end of the 1-based line (the next line's start, or the text's end); the line is known.
  std::size_t line_end(std::size_t line) const;
  // The last answer: findings are printed in offset order, so counting columns can resume from it
  // instead of from the line's start (a 100 MB line would otherwise cost 100 MB per finding).
  mutable std::size_t cached_offset_ = 0;
  mutable Position cached_;
  // On a long line, where the columns stand every kCheckpointBytes, made on the first question
  // about the line: a position that goes backwards (a related location, a second reporter pass)
  // then costs at most that many bytes, not the line up to it.
  struct Checkpoint {
    std::size_t offset;
    Position position;
  };
  static constexpr std::size_t kCheckpointBytes = 16 * 1024;
  mutable std::unordered_map<std::size_t, std::vector<Checkpoint>> checkpoints_;  // by line
  const std::vector<Checkpoint>& checkpoints(std::size_t line) const;
  // The 1-based line `offset` is on; the lines up to it are known.
  std::size_t line_of(std::size_t offset) const;
  // Counts columns from `pos` at byte `from` to `offset` on one line.
  Position advance(Position pos, std::size_t from, std::size_t offset) const;
};

// The line holding byte `offset` of `text`, without its line break, as LineIndex::line_text gives
// it, found by looking at most `reach` bytes either way of the offset; nullopt when the line is
// longer. A reporter that shows a few findings' lines needs no index of all the file's lines.
std::optional<std::string_view> short_line_at(std::string_view text, std::size_t offset, std::size_t reach);

// The positions of offsets asked for in ascending order, as LineIndex::position gives them, in one
// pass over the text that keeps no line starts: what placing a file's findings needs.
class PositionCursor {
 public:
  explicit PositionCursor(std::string_view text);
  // The position of `offset` (the end, past it), which is not before the last one asked for.
  Position at(std::size_t offset);

 private:
  std::string_view text_;
  std::size_t bom_;  // 3 after a UTF-8 byte order mark, else 0
  std::size_t line_ = 1, line_start_ = 0, counted_to_ = 0;  // the line breaks before counted_to_ are counted
  Position last_{};  // the last answer, at last_offset_
  std::size_t last_offset_ = 0;
  bool has_last_ = false;
};

// Counts columns from `pos` at byte `from` to `offset` of `text` (on one line). Decodes as an
// editor does: each code point, and each ill-formed UTF-8 subsequence (ICU's maximal subpart,
// shown as one U+FFFD), is one column.
Position advance_columns(std::string_view text, Position pos, std::size_t from, std::size_t offset);

// PositionCursor::at for each of `offsets`, in ascending order.
std::vector<Position> positions_in_order(std::string_view text, std::span<const std::size_t> offsets);

}  // namespace sitemaplint
