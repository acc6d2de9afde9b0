// Sorting many 64-bit hashes (uniformly spread, as same_url keys are) in place.
#pragma once

#include <cstdint>
#include <span>

namespace sitemaplint {

// First by their top byte, moving each to its bucket in cycles (no second array: a site's hashes
// take 16 MB), then each bucket, small enough to stay in cache, with std::sort. About twice as fast
// as std::sort on millions of hashes.
void sort_hashes(std::span<std::uint64_t> hashes);

}  // namespace sitemaplint
