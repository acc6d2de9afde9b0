// What the checks across a set of sitemaps need from each file, kept small: a 64-bit hash per URL
// (not the URL) with its position, and the newest <lastmod>. Positions are computed while the
// file's bytes are still at hand, so the bytes of clean files can be released.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace sitemaplint {

struct LocRecord {
  std::uint64_t hash = 0;  // of the <loc> value, trimmed and with entities decoded
  std::size_t offset = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

struct SetFacts {
  std::vector<LocRecord> locs;  // the <url> entries' locs, in document order
  std::optional<std::int64_t> newest_lastmod;  // seconds since the epoch
};

}  // namespace sitemaplint
