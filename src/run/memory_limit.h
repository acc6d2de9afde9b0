// --memory-limit: how much memory the checks across a set may hold before they spill to disk.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sitemaplint {

// A size as users write it: a whole number of bytes, optionally with a unit (case ignored): K, M,
// G, T or KiB, MiB, GiB, TiB are powers of 1024, KB, MB, GB, TB powers of 1000. "0" and "none"
// are no limit (0). Nothing when it is no such size, or over 2^62 bytes.
std::optional<std::uint64_t> parse_memory_limit(std::string_view text);

// The default limit: a quarter of the machine's physical memory; 0 (no limit) when unknown.
std::uint64_t default_memory_limit();

}  // namespace sitemaplint
