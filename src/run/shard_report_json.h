// A linted file's report as a shard's manifest holds it (docs/records.md), and back: its findings,
// where they point, its suppressions and how many pages and links it gave the set's records.
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "run/lint.h"

namespace sitemaplint {

struct PageFacts;

// The pages and links the file keeps for the checks across the set; null when it keeps none.
const PageFacts* page_facts_of(const FileReport& report);

nlohmann::json report_json(const FileReport& report);
// Throws nlohmann::json::exception on a field missing or of the wrong type, std::runtime_error on
// a value this build cannot take.
FileReport report_from(const nlohmann::json& in);

// Why a shard's JSON could not be read, in words for its user: a parse error says where the file
// is cut short or damaged, a missing or mistyped field which; no nlohmann exception id.
std::string unreadable_because(const std::exception& e);

// A file's size and modification time (in the file system's own ticks), to tell that a file read
// again is the one a shard was made of; nullopt when it cannot be read.
std::optional<std::pair<std::uint64_t, std::int64_t>> file_stamp(const std::string& path);

}  // namespace sitemaplint
