// Finding the few hashes that repeat among many 64-bit ones (uniformly spread, as same_url keys
// are), without sorting them all.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace sitemaplint {

// The hashes that occur more than once, sorted, each once. Without a full sort: the hashes are
// spread into buckets of about four by their top bits (a copy, 8 bytes a hash), and each bucket is
// compared within itself. About four times as fast as sorting a sitemap's 50,000.
std::vector<std::uint64_t> repeated_hashes(std::span<const std::uint64_t> hashes);

// The same for hashes it may reorder, without the copy: first by their top byte in place (moved
// to their bucket in cycles, no second array), then each of those buckets as above, through a
// scratch of about 1/256 of them. For a site's millions (16 MB of hashes a copy would double),
// about three times as fast as sorting them.
std::vector<std::uint64_t> repeated_hashes_in_place(std::span<std::uint64_t> hashes);

// Each hash that occurs more than once, with the places that came with it (places[i] is hashes[i]'s;
// both are reordered, by the top byte in place as above): `visit` is called once per such hash,
// with its places in ascending order, in no particular order of hashes. A rule that keeps each
// listing as 12 bytes (a key and an offset) finds its repeats and their first listings without a
// copy of them (a scratch of about 1/256, and the groups).
void visit_repeated_in_place(std::span<std::uint64_t> hashes, std::span<std::uint32_t> places,
                             const std::function<void(std::uint64_t, std::span<const std::uint32_t>)>& visit);

}  // namespace sitemaplint
