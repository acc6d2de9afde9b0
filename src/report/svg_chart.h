// The HTML report's charts, drawn as inline SVG by the project itself: no library, no script, no
// network. Colours come from CSS classes the page defines, so a chart is only shapes and text.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace sitemaplint {

struct BarSegment {
  std::size_t value = 0;
  std::string css_class;  // e.g. "sev-error"
};

struct BarRow {
  std::string key;  // what the row stands for, in its data-key attribute (a rule code, a path)
  std::string label;  // shown at the left, shortened to fit; the whole of it in a tooltip
  std::vector<BarSegment> segments;
};

// Horizontal bars, one per row in the given order, their lengths to one scale (the largest total
// fills the width), each row's total written after its bar.
std::string bar_chart(std::span<const BarRow> rows, const std::string& title);

struct Share {
  std::string key;  // data-key
  std::string label;  // in the legend
  std::size_t value = 0;
  std::string css_class;
};

// One bar split into the parts' shares of their sum, with a legend giving each part's count and
// percentage.
std::string share_bar(std::span<const Share> parts, const std::string& title);

// "1,234,567".
std::string with_thousands(std::size_t n);
// "12.5%" of n in total (one decimal; "0%" of nothing).
std::string percent(std::size_t n, std::size_t total);

}  // namespace sitemaplint
