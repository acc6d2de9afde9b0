#include "analysis/edit_distance.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace sitemaplint {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const std::size_t substitution = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string_view closest_word(std::string_view word, std::span<const std::string_view> candidates) {
  if (word.empty()) return {};
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  for (std::string_view candidate : candidates) {
    if (candidate.size() > word.size() &&
        std::equal(word.begin(), word.end(), candidate.begin(), [&](char a, char b) { return lower(a) == lower(b); })) {
      return candidate;
    }
  }
  std::string_view best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (std::string_view candidate : candidates) {
    const std::size_t d = edit_distance(word, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

std::string_view closest_word(std::string_view word, std::initializer_list<std::string_view> candidates) {
  return closest_word(word, std::span<const std::string_view>(candidates.begin(), candidates.size()));
}

}  // namespace sitemaplint
