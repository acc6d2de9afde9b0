#include "analysis/hash_sort.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>

namespace sitemaplint {

void sort_hashes(std::span<std::uint64_t> hashes) {
  const auto bucket = [](std::uint64_t h) { return static_cast<std::size_t>(h >> 56); };
  std::array<std::size_t, 257> start{};
  for (const std::uint64_t h : hashes) ++start[bucket(h) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  std::array<std::size_t, 256> next;
  std::copy(start.begin(), start.end() - 1, next.begin());
  for (std::size_t b = 0; b < 256; ++b) {
    while (next[b] < start[b + 1]) {
      std::uint64_t h = hashes[next[b]];
      // Carry h to its bucket, taking what was there, until one belongs where this began.
      for (std::size_t to = bucket(h); to != b; to = bucket(h)) std::swap(h, hashes[next[to]++]);
      hashes[next[b]++] = h;
    }
  }
  for (std::size_t b = 0; b < 256; ++b) std::sort(hashes.begin() + start[b], hashes.begin() + start[b + 1]);
}

}  // namespace sitemaplint
