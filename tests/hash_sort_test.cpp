// repeated_hashes and repeated_hashes_in_place find the hashes that repeat, as a sort finds them,
// on spread hashes and on the shapes that stress their buckets: all in one bucket, empty, repeats,
// already sorted or reversed; visit_repeated_in_place also gives the places of each repeated hash.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "analysis/hash_sort.h"
#include "sanitizer_scale.h"

using namespace sitemaplint;
using sitemaplint::testing::sized_for_build;

namespace {

// `size` hashes drawn from `spread` distinct values (all distinct when spread is huge, but for one
// repeat, the last of the first), spread over every top-byte bucket.
std::vector<std::uint64_t> spread_hashes(std::mt19937_64& random, std::size_t size, std::uint64_t spread) {
  std::vector<std::uint64_t> hashes(size);
  for (std::uint64_t& h : hashes) h = (random() % spread) * 0x9E3779B97F4A7C15ULL;
  if (size >= 2 && spread == ~std::uint64_t{0}) hashes[size - 1] = hashes[0];
  return hashes;
}

}  // namespace

TEST_CASE("hash sort: repeated_hashes finds each hash that occurs more than once, sorted") {
  std::mt19937_64 random(777);
  for (const std::size_t size : {0u, 1u, 2u, 3u, 100u, 5000u, 70'000u}) {
    CAPTURE(size);
    for (const std::uint64_t spread : {~std::uint64_t{0}, std::uint64_t{50}, std::uint64_t{3}}) {
      // Values drawn from `spread` distinct ones (all distinct when spread is huge), in every bucket.
      std::vector<std::uint64_t> hashes(size);
      for (std::uint64_t& h : hashes) h = (random() % spread) * 0x9E3779B97F4A7C15ULL;
      if (size >= 2 && spread == ~std::uint64_t{0}) hashes[size / 2] = hashes[0];  // one repeat
      std::vector<std::uint64_t> sorted = hashes, expected;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t i = 1; i < sorted.size(); ++i) {
        if (sorted[i] == sorted[i - 1] && (expected.empty() || expected.back() != sorted[i]))
          expected.push_back(sorted[i]);
      }
      CHECK(repeated_hashes(hashes) == expected);
    }
  }
}

TEST_CASE("hash sort: repeated_hashes_in_place finds what repeated_hashes finds, in every top-byte bucket") {
  std::mt19937_64 random(4242);
  for (const std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{300},
                                 std::size_t{70'000}, sized_for_build(300'000)}) {
    CAPTURE(size);
    for (const std::uint64_t spread : {~std::uint64_t{0}, std::uint64_t{1000}, std::uint64_t{3}, std::uint64_t{1}}) {
      std::vector<std::uint64_t> hashes = spread_hashes(random, size, spread);
      std::vector<std::uint64_t> one_bucket = hashes;  // every hash with the same top byte
      for (std::uint64_t& h : one_bucket) h >>= 8;
      const std::vector<std::uint64_t> expected = repeated_hashes(hashes), expected_one = repeated_hashes(one_bucket);
      std::vector<std::uint64_t> sorted = hashes, reversed = hashes;
      std::sort(sorted.begin(), sorted.end());
      std::sort(reversed.rbegin(), reversed.rend());
      CHECK(repeated_hashes_in_place(hashes) == expected);
      CHECK(repeated_hashes_in_place(one_bucket) == expected_one);
      CHECK(repeated_hashes_in_place(sorted) == expected);
      CHECK(repeated_hashes_in_place(reversed) == expected);
    }
  }
}

TEST_CASE("hash sort: visit_repeated_in_place gives each repeated hash once, with all its places in order") {
  std::mt19937_64 random(99);
  for (const std::size_t size : {0u, 1u, 2u, 3u, 300u, 70'000u}) {
    CAPTURE(size);
    for (const std::uint64_t spread : {~std::uint64_t{0}, std::uint64_t{1000}, std::uint64_t{3}, std::uint64_t{1}}) {
      std::vector<std::uint64_t> hashes = spread_hashes(random, size, spread);
      // The reference: every hash's places (here, ascending offsets standing for document order).
      std::map<std::uint64_t, std::vector<std::uint32_t>> expected;
      std::vector<std::uint32_t> places(size);
      for (std::size_t i = 0; i < size; ++i) {
        places[i] = static_cast<std::uint32_t>(i * 7 + 3);
        expected[hashes[i]].push_back(places[i]);
      }
      std::erase_if(expected, [](const auto& kept) { return kept.second.size() < 2; });
      std::map<std::uint64_t, std::vector<std::uint32_t>> visited;
      std::size_t visits = 0;
      visit_repeated_in_place(hashes, places, [&](std::uint64_t hash, std::span<const std::uint32_t> at) {
        ++visits;
        visited[hash].assign(at.begin(), at.end());
      });
      CHECK(visits == expected.size());
      CHECK(visited == expected);
    }
  }
}
