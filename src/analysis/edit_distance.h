// Case-insensitive Levenshtein distance, for "did you mean" hints (rule names, enumerated values).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string_view>

namespace sitemaplint {

std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate `word` most likely misspells, or "" when none is close: one that `word` begins
// (an abbreviation such as "warn" or "err"), else the nearest within a third of its length (at
// least two edits). Ties go to the earlier candidate.
std::string_view closest_word(std::string_view word, std::span<const std::string_view> candidates);
std::string_view closest_word(std::string_view word, std::initializer_list<std::string_view> candidates);

}  // namespace sitemaplint
