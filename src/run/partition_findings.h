// The findings of one partition of a sharded set checked alone ('sitemaplint merge --partition K'),
// as the file the merge of every partition reads back (docs/records.md, "Partitions apart").
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "run/set_rules.h"

namespace sitemaplint {

inline constexpr std::uint32_t kPartitionFindingsVersion = 2;

// What a partition's findings were made of: the merge takes them only with the same shards (in the
// same order), settings and partitions.
struct PartitionOrigin {
  std::string settings;  // the shards' settings digest
  std::string shards;  // a digest of the shards' manifests, in order
  std::uint32_t partition = 0, partitions = 0;
};

// Why a file of a set's steps (a shard's manifest, a partition's findings) cannot be read by this
// build: of format version `format` where it reads `reads`, or made by another sitemaplint
// (`made_by`); empty when it can. `what` names the format ("shard").
std::string version_refusal(const std::string& what, std::uint32_t format, std::uint32_t reads,
                            const std::string& made_by);

// A finding's fix and related place as a shard's manifest and a partition's findings hold them.
// The readers throw nlohmann::json::exception on a field missing or of the wrong type.
nlohmann::json fix_json(const Fix& fix);
nlohmann::json related_json(const RelatedLocation& related);
Fix fix_from(const nlohmann::json& in);
RelatedLocation related_from(const nlohmann::json& in);

// The findings of each rule the partition ran (duplicate-across-sitemaps, the hreflang graph's).
std::string partition_findings_json(const PartitionOrigin& origin, const std::vector<PartitionFindings>& findings);

// False with *error (why, without the file's name) on text that is not a whole partition
// findings file of this format and sitemaplint: cut short, damaged, of another version, naming a
// file past the set's `files`, or a rule that is not one of the set's rules on pages.
bool read_partition_findings(const std::string& text, std::size_t files, PartitionOrigin* origin,
                             std::vector<PartitionFindings>* findings, std::string* error);

}  // namespace sitemaplint
