#include "analysis/hash_sort.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <functional>
#include <utility>

namespace sitemaplint {

namespace {

// Moves each hash to the bucket of its top byte, in cycles (no second array), and each place with
// its hash when `places` is not empty; returns where each bucket starts (start[256] is the end).
std::array<std::size_t, 257> partition_by_top_byte(std::span<std::uint64_t> hashes,
                                                   std::span<std::uint32_t> places = {}) {
  const auto bucket = [](std::uint64_t h) { return static_cast<std::size_t>(h >> 56); };
  std::array<std::size_t, 257> start{};
  for (const std::uint64_t h : hashes) ++start[bucket(h) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  std::array<std::size_t, 256> next;
  std::copy(start.begin(), start.end() - 1, next.begin());
  const bool carry = !places.empty();
  for (std::size_t b = 0; b < 256; ++b) {
    while (next[b] < start[b + 1]) {
      std::uint64_t h = hashes[next[b]];
      std::uint32_t place = carry ? places[next[b]] : 0;
      // Carry h to its bucket, taking what was there, until one belongs where this began.
      for (std::size_t to = bucket(h); to != b; to = bucket(h)) {
        if (carry) std::swap(place, places[next[to]]);
        std::swap(h, hashes[next[to]++]);
      }
      if (carry) places[next[b]] = place;
      hashes[next[b]++] = h;
    }
  }
  return start;
}

// How many bits after the known ones spread `count` hashes into buckets of about four.
unsigned spread_bits(std::size_t count) {
  return std::clamp<unsigned>(static_cast<unsigned>(std::bit_width(count / 4)), 1, 24);
}

// Appends to `repeated`, in order, each hash that occurs more than once in `hashes`, all of which
// share their top `known_bits` bits: spread into buckets of about four by the bits that follow (in
// `spread`, reused), each bucket compared within itself.
void append_repeated(std::span<const std::uint64_t> hashes, unsigned known_bits, std::vector<std::uint64_t>& spread,
                     std::vector<std::uint32_t>& start, std::vector<std::uint64_t>& repeated) {
  if (hashes.size() < 2) return;
  const unsigned bits = spread_bits(hashes.size());
  const auto bucket = [bits, known_bits](std::uint64_t h) {
    return static_cast<std::size_t>((h << known_bits) >> (64 - bits));
  };
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

// Calls `visit` for each hash that occurs more than once in hashes[first, last) (all sharing their
// top byte), with its places in ascending order: the hashes and their places spread into buckets
// of about four by the bits after the top byte (in `spread`, reused), each bucket sorted.
void visit_repeated_groups(std::span<const std::uint64_t> hashes, std::span<const std::uint32_t> places,
                           std::vector<std::pair<std::uint64_t, std::uint32_t>>& spread,
                           std::vector<std::uint32_t>& start, std::vector<std::uint32_t>& group,
                           const std::function<void(std::uint64_t, std::span<const std::uint32_t>)>& visit) {
  if (hashes.size() < 2) return;
  const unsigned bits = spread_bits(hashes.size());
  const auto bucket = [bits](std::uint64_t h) { return static_cast<std::size_t>((h << 8) >> (64 - bits)); };
  start.assign((std::size_t{1} << bits) + 1, 0);
  for (const std::uint64_t h : hashes) ++start[bucket(h) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  spread.resize(hashes.size());
  {
    std::vector<std::uint32_t> next(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < hashes.size(); ++i) spread[next[bucket(hashes[i])]++] = {hashes[i], places[i]};
  }
  for (std::size_t b = 0; b + 1 < start.size(); ++b) {
    const auto first = spread.begin() + start[b], last = spread.begin() + start[b + 1];
    if (last - first < 2) continue;
    std::sort(first, last);
    for (auto it = first; it != last;) {
      auto end = it + 1;
      while (end != last && end->first == it->first) ++end;
      if (end - it > 1) {
        group.clear();
        for (auto g = it; g != end; ++g) group.push_back(g->second);
        visit(it->first, group);
      }
      it = end;
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

void visit_repeated_in_place(std::span<std::uint64_t> hashes, std::span<std::uint32_t> places,
                             const std::function<void(std::uint64_t, std::span<const std::uint32_t>)>& visit) {
  std::vector<std::pair<std::uint64_t, std::uint32_t>> spread;
  std::vector<std::uint32_t> start, group;
  const std::array<std::size_t, 257> bucket = partition_by_top_byte(hashes, places);
  for (std::size_t b = 0; b < 256; ++b) {
    const std::size_t first = bucket[b], count = bucket[b + 1] - bucket[b];
    visit_repeated_groups(hashes.subspan(first, count), places.subspan(first, count), spread, start, group, visit);
  }
}

}  // namespace sitemaplint
