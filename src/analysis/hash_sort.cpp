#include "analysis/hash_sort.h"

#include <algorithm>
#include <array>
#include <bit>
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


std::vector<std::uint64_t> repeated_hashes(std::span<const std::uint64_t> hashes) {
  std::vector<std::uint64_t> repeated;
  if (hashes.size() < 2) return repeated;
  const unsigned bits = std::clamp<unsigned>(static_cast<unsigned>(std::bit_width(hashes.size() / 4)), 1, 24);
  const auto bucket = [bits](std::uint64_t h) { return static_cast<std::size_t>(h >> (64 - bits)); };
  std::vector<std::uint32_t> start((std::size_t{1} << bits) + 1);
  for (const std::uint64_t h : hashes) ++start[bucket(h) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  std::vector<std::uint64_t> spread(hashes.size());
  {
    std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
    for (const std::uint64_t h : hashes) spread[next[bucket(h)]++] = h;
  }
  for (std::size_t b = 0; b + 1 < start.size(); ++b) {
    const auto first = spread.begin() + start[b], last = spread.begin() + start[b + 1];
    if (last - first < 2) continue;
    std::sort(first, last);
    for (auto it = first + 1; it != last; ++it) {
      if (*it == *(it - 1) && (repeated.empty() || repeated.back() != *it)) repeated.push_back(*it);
    }
  }
  return repeated;  // in bucket order, which is the order of the hashes
}

}  // namespace sitemaplint
