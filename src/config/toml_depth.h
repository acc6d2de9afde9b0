// How deeply a TOML text nests its tables and arrays, found by a cheap scan before toml++ sees the
// text. toml++ 3.3 bounds nested arrays and inline tables (256 levels) but neither dotted keys
// ("a.a.a...a = 1") nor table headers ("[a.a.a...a]"), and it builds and frees the tree they make
// recursively: 80 KB of such a key is a stack overflow, in the command line and in the language
// server, from a sitemaplint.toml that arrives with any pull request.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace sitemaplint {

// A sitemaplint.toml nests three levels at most ([[overrides]], its severity table); this leaves
// room for any other TOML a config may one day hold, and none for a stack to overflow.
inline constexpr std::size_t kMaxTomlDepth = 64;

// The offset of the first key, table header, array or inline table in `text` that puts a value
// more than `limit` levels deep (a header's or key's dotted parts, an array, an inline table, and
// the header above a key, each count as one); nullopt when nothing does. The scan takes every
// valid TOML document (and more: it stops, finding nothing, only where toml++ would report a
// syntax error first).
std::optional<std::size_t> toml_too_deep_at(std::string_view text, std::size_t limit = kMaxTomlDepth);

}  // namespace sitemaplint
