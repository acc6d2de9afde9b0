// The forms of a video's length people write instead of the whole seconds <video:duration> takes:
// a clock time and an ISO 8601 duration. VID303 names the seconds they stand for and writes them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sitemaplint::video {

// "10:00" (minutes and seconds) or "1:02:03" (hours too): the seconds; nullopt for anything else.
std::optional<std::uint64_t> clock_seconds(std::string_view text);

// "PT1H2M3S" and any of its parts, in that order, each once: the seconds; nullopt for anything else.
std::optional<std::uint64_t> iso_duration_seconds(std::string_view text);

}  // namespace sitemaplint::video
