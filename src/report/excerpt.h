// A source line as reports show it: input bytes made safe to print (analysis/printable.h),
// measured in terminal columns, and a window around a finding on a very long line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "analysis/printable.h"

namespace sitemaplint {

struct Excerpt {
  std::string text;  // printable; "..." marks where the line was cut
  std::size_t caret_column = 0;  // columns before the finding
  std::size_t caret_width = 1;  // columns of the finding that the excerpt shows (at least 1)
  std::size_t mark_begin = 0;  // the bytes of `text` that show the finding: [mark_begin, mark_end)
  std::size_t mark_end = 0;
};

// The line around the finding at byte `at` of it, `length` bytes long: all of a short line, a
// window of about 60 characters either side of `at` in a long one. Only the window is decoded, so a
// 100 MB line costs no more than a short one. The finding's width is clipped to what the window
// shows, and to 80 columns.
Excerpt make_excerpt(std::string_view line, std::size_t at, std::size_t length);

}  // namespace sitemaplint
