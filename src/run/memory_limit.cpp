#include "run/memory_limit.h"

#include <unistd.h>

#include <array>
#include <string>
#include <utility>

#include "analysis/ascii.h"

namespace sitemaplint {

std::optional<std::uint64_t> parse_memory_limit(std::string_view text) {
  const std::string lower = ascii_lowered(text);
  if (lower == "none") return 0;
  std::size_t digits = 0;
  std::uint64_t number = 0;
  for (; digits < lower.size() && lower[digits] >= '0' && lower[digits] <= '9'; ++digits) {
    if (number > (std::uint64_t{1} << 62) / 10) return std::nullopt;
    number = number * 10 + static_cast<std::uint64_t>(lower[digits] - '0');
  }
  if (digits == 0) return std::nullopt;
  static constexpr std::array<std::pair<std::string_view, std::uint64_t>, 14> kUnits{{
      {"", 1},
      {"b", 1},
      {"k", std::uint64_t{1} << 10},
      {"kib", std::uint64_t{1} << 10},
      {"kb", 1'000},
      {"m", std::uint64_t{1} << 20},
      {"mib", std::uint64_t{1} << 20},
      {"mb", 1'000'000},
      {"g", std::uint64_t{1} << 30},
      {"gib", std::uint64_t{1} << 30},
      {"gb", 1'000'000'000},
      {"t", std::uint64_t{1} << 40},
      {"tib", std::uint64_t{1} << 40},
      {"tb", 1'000'000'000'000},
  }};
  const std::string_view unit = std::string_view(lower).substr(digits);
  std::uint64_t scale = 0;
  for (const auto& [name, bytes] : kUnits) {
    if (name == unit) scale = bytes;
  }
  if (scale == 0 || (number != 0 && number > (std::uint64_t{1} << 62) / scale)) return std::nullopt;
  return number * scale;
}

std::uint64_t default_memory_limit() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) / 4;
}

}  // namespace sitemaplint
