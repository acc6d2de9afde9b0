// What a shard's writer (set_shard.cpp) and its merge (set_shard_merge.cpp) agree on besides the
// record format (docs/records.md): the flags of a page record, and how a fingerprint is named.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "run/set_records.h"

namespace sitemaplint {

// Page record flags, as the pages spilled past --memory-limit have them (set_spill.cpp).
inline constexpr std::uint32_t kInGraph = 1, kLinksUnknown = 2, kHasLinks = 4;

// Whether a shard's graph file holds a page record whatever its file (set_shard.cpp): one with
// links or unreadable ones, or whose key as written (which partitions it) is not the graph's.
inline bool in_graph_file(const Record& page) {
  return (page.flags & (kHasLinks | kLinksUnknown)) != 0 || page.key.high != page.key.low;
}

// A fingerprint as 32 hex digits: a shard's settings and a merge's shards are named so.
inline std::string hex_of(const Fingerprint& key) {
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(key.high),
                static_cast<unsigned long long>(key.low));
  return hex;
}

}  // namespace sitemaplint
