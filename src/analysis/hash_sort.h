// Sorting many 64-bit hashes (uniformly spread, as same_url keys are), and finding the few that
// repeat among them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace sitemaplint {

// First by their top byte, moving each to its bucket in cycles (no second array: a site's hashes
// take 16 MB), then each bucket, small enough to stay in cache, with std::sort. About twice as fast
// as std::sort on millions of hashes.
void sort_hashes(std::span<std::uint64_t> hashes);

// The hashes that occur more than once, sorted, each once. Without a full sort: the hashes are
// spread into buckets of about four by their top bits (a copy, 8 bytes a hash), and each bucket is
// compared within itself. About four times as fast as sort_hashes on a sitemap's 50,000.
std::vector<std::uint64_t> repeated_hashes(std::span<const std::uint64_t> hashes);

// The same for hashes it may reorder, without the copy: first by their top byte in place (as
// sort_hashes), then each of those buckets as above, through a scratch of about 1/256 of them.
// For a site's millions (16 MB of hashes a copy would double), about three times as fast as
// sort_hashes.
std::vector<std::uint64_t> repeated_hashes_in_place(std::span<std::uint64_t> hashes);

}  // namespace sitemaplint
