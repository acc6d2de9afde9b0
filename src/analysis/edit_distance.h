// Case-insensitive Levenshtein distance, for "did you mean" hints (rule names, enumerated values).
#pragma once

#include <cstddef>
#include <string_view>

namespace sitemaplint {

std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace sitemaplint
