#include "rules/video/utils/video_durations.h"

#include "analysis/ascii.h"
#include "rules/video/utils/video_support.h"

namespace sitemaplint::video {
namespace {

// Takes the digits at the front of `text`; nullopt when there are none (or too many to matter).
std::optional<std::uint64_t> take_number(std::string_view& text) {
  std::size_t n = 0;
  while (n < text.size() && is_ascii_digit(text[n])) ++n;
  if (n == 0 || n > 9) return std::nullopt;
  const std::uint64_t value = whole_number_value(text.substr(0, n));
  text.remove_prefix(n);
  return value;
}

}  // namespace

std::optional<std::uint64_t> clock_seconds(std::string_view text) {
  std::uint64_t total = 0;
  int parts = 0;
  while (true) {
    const std::size_t start = text.size();
    const auto part = take_number(text);
    if (!part || (parts > 0 && (start - text.size() != 2 || *part > 59))) return std::nullopt;
    total = total * 60 + *part;
    ++parts;
    if (text.empty()) break;
    if (text.front() != ':' || parts == 3) return std::nullopt;
    text.remove_prefix(1);
  }
  return parts >= 2 ? std::optional(total) : std::nullopt;
}

std::optional<std::uint64_t> iso_duration_seconds(std::string_view text) {
  if (!text.starts_with("PT") || text.size() < 4) return std::nullopt;
  text.remove_prefix(2);
  constexpr std::string_view kUnits = "HMS";
  constexpr std::uint64_t kSecondsPer[] = {3600, 60, 1};
  std::uint64_t total = 0;
  std::size_t next_unit = 0;  // units come in kUnits' order, each at most once
  while (!text.empty()) {
    const auto number = take_number(text);
    if (!number || text.empty()) return std::nullopt;
    const std::size_t unit = kUnits.find(text.front());
    if (unit == std::string_view::npos || unit < next_unit) return std::nullopt;
    total += *number * kSecondsPer[unit];
    next_unit = unit + 1;
    text.remove_prefix(1);
  }
  return total;
}

}  // namespace sitemaplint::video
