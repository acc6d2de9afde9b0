#include "report/svg_chart.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "report/markup.h"

namespace sitemaplint {
namespace {

constexpr int kWidth = 640, kLabelWidth = 250, kValueWidth = 70, kRowHeight = 22, kBarHeight = 14;
constexpr std::size_t kLabelChars = 32;

std::size_t total_of(const BarRow& row) {
  std::size_t sum = 0;
  for (const BarSegment& s : row.segments) sum += s.value;
  return sum;
}

// The start of each UTF-8 character of `text`.
std::vector<std::size_t> char_starts(const std::string& text) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) starts.push_back(i);
  }
  return starts;
}

// At most kLabelChars characters: a long label keeps its start and its end (a path's file name).
std::string shortened(const std::string& label) {
  const std::vector<std::size_t> starts = char_starts(label);
  if (starts.size() <= kLabelChars) return label;
  constexpr std::size_t kHead = 12, kTail = kLabelChars - kHead - 1;
  return label.substr(0, starts[kHead]) + "\xE2\x80\xA6" + label.substr(starts[starts.size() - kTail]);
}

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

}  // namespace

std::string with_thousands(std::size_t n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<std::size_t>(at), ",");
  return digits;
}

std::string percent(std::size_t n, std::size_t total) {
  if (total == 0) return "0%";
  std::string text = number(100.0 * static_cast<double>(n) / static_cast<double>(total));
  if (text.ends_with(".0")) text.resize(text.size() - 2);
  return text + "%";
}

std::string bar_chart(std::span<const BarRow> rows, const std::string& title) {
  std::size_t largest = 1;
  for (const BarRow& row : rows) largest = std::max(largest, total_of(row));
  const int height = std::max<int>(1, static_cast<int>(rows.size())) * kRowHeight;
  const double scale = static_cast<double>(kWidth - kLabelWidth - kValueWidth) / static_cast<double>(largest);
  std::string svg = "<svg class=\"chart\" viewBox=\"0 0 " + std::to_string(kWidth) + " " + std::to_string(height) +
                    "\" width=\"" + std::to_string(kWidth) + "\" height=\"" + std::to_string(height) +
                    "\" role=\"img\" aria-label=\"" + escape_markup(title) + "\">";
  int y = 0;
  for (const BarRow& row : rows) {
    const std::size_t total = total_of(row);
    svg += "<g class=\"bar\" data-key=\"" + escape_markup(row.key) + "\" data-value=\"" + std::to_string(total) + "\">";
    svg += "<title>" + escape_markup(row.label) + ": " + with_thousands(total) + "</title>";
    svg += "<text class=\"label\" x=\"" + std::to_string(kLabelWidth - 8) + "\" y=\"" + std::to_string(y + 15) +
           "\" text-anchor=\"end\">" + escape_markup(shortened(row.label)) + "</text>";
    double x = kLabelWidth;
    for (const BarSegment& segment : row.segments) {
      if (segment.value == 0) continue;
      // Every non-empty part stays visible, however small beside the largest row.
      const double width = std::max(1.5, scale * static_cast<double>(segment.value));
      svg += "<rect class=\"" + segment.css_class + "\" x=\"" + number(x) + "\" y=\"" + std::to_string(y + 4) +
             "\" width=\"" + number(width) + "\" height=\"" + std::to_string(kBarHeight) + "\"/>";
      x += width;
    }
    svg += "<text class=\"value\" x=\"" + number(x + 6) + "\" y=\"" + std::to_string(y + 15) + "\">" +
           with_thousands(total) + "</text></g>";
    y += kRowHeight;
  }
  return svg + "</svg>";
}

std::string share_bar(std::span<const Share> parts, const std::string& title) {
  const std::size_t total = std::accumulate(parts.begin(), parts.end(), std::size_t{0},
                                            [](std::size_t sum, const Share& s) { return sum + s.value; });
  constexpr int kBar = 28;
  std::string svg = "<svg class=\"chart\" viewBox=\"0 0 " + std::to_string(kWidth) + " " + std::to_string(kBar) +
                    "\" width=\"" + std::to_string(kWidth) + "\" height=\"" + std::to_string(kBar) +
                    "\" role=\"img\" aria-label=\"" + escape_markup(title) + "\">";
  double x = 0;
  for (const Share& part : parts) {
    if (part.value == 0 || total == 0) continue;
    const double width = static_cast<double>(kWidth) * static_cast<double>(part.value) / static_cast<double>(total);
    svg += "<rect class=\"" + part.css_class + "\" x=\"" + number(x) + "\" y=\"0\" width=\"" + number(width) +
           "\" height=\"" + std::to_string(kBar) + "\"><title>" + escape_markup(part.label) + ": " +
           with_thousands(part.value) + " (" + percent(part.value, total) + ")</title></rect>";
    x += width;
  }
  svg += "</svg><ul class=\"legend\">";
  for (const Share& part : parts) {
    svg += "<li data-key=\"" + escape_markup(part.key) + "\" data-value=\"" + std::to_string(part.value) +
           "\"><span class=\"swatch " + part.css_class + "\"></span>" + escape_markup(part.label) +
           ": <span class=\"count\">" + with_thousands(part.value) + "</span> <span class=\"share\">(" +
           percent(part.value, total) + ")</span></li>";
  }
  return svg + "</ul>";
}

}  // namespace sitemaplint
