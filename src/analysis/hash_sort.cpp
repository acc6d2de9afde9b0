#include "analysis/hash_sort.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <utility>

namespace sitemaplint {

namespace {

// Moves each hash to the bucket of its top byte, in cycles (no second array); returns where each
// bucket starts (start[256] is the end).
std::array<std::size_t, 257> partition_by_top_byte(std::span<std::uint64_t> hashes) {
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
  return start;
}

// Appends to `repeated`, in order, each hash that occurs more than once in `hashes`, all of which
// share their top `known_bits` bits: spread into buckets of about four by the bits that follow (in
// `spread`, reused), each bucket compared within itself.
void append_repeated(std::span<const std::uint64_t> hashes, unsigned known_bits, std::vector<std::uint64_t>& spread,
                     std::vector<std::uint32_t>& start, std::vector<std::uint64_t>& repeated) {
  if (hashes.size() < 2) return;
  const unsigned bits = std::clamp<unsigned>(static_cast<unsigned>(std::bit_width(hashes.size() / 4)), 1, 24);
  const auto bucket = [bits, known_bits](std::uint64_t h) { return static_cast<std::size_t>((h << known_bits) >> (64 - bits)); };
  start.assign((std::size_t{1} << bits) + 1, 0);
  for (const std::uint64_t h : hashes) ++start[bucket(h) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  spread.resize(hashes.size());
  {
    std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
    for (const std::uint64_t h : hashes) spread[next[bucket(h)]++] = h;
  }
  const std::size_t first_new = repeated.size();
  for (std::size_t b = 0; b + 1 < start.size(); ++b) {
    const auto first = spread.begin() + start[b], last = spread.begin() + start[b + 1];
    if (last - first < 2) continue;
    std::sort(first, last);
    for (auto it = first + 1; it != last; ++it) {
      if (*it == *(it - 1) && (repeated.size() == first_new || repeated.back() != *it)) repeated.push_back(*it);
    }
  }
}

}  // namespace

std::vector<std::uint64_t> repeated_hashes(std::span<const std::uint64_t> hashes) {
  std::vector<std::uint64_t> repeated, spread;
  std::vector<std::uint32_t> start;
  append_repeated(hashes, 0, spread, start, repeated);
  return repeated;  // in bucket order, which is the order of the hashes
}

std::vector<std::uint64_t> repeated_hashes_in_place(std::span<std::uint64_t> hashes) {
  std::vector<std::uint64_t> repeated, spread;
  std::vector<std::uint32_t> start;
  const std::array<std::size_t, 257> bucket = partition_by_top_byte(hashes);
  for (std::size_t b = 0; b < 256; ++b) {
    append_repeated(hashes.subspan(bucket[b], bucket[b + 1] - bucket[b]), 8, spread, start, repeated);
  }
  return repeated;
}

}  // namespace sitemaplint
