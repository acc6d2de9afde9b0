// A set linted in shards and merged (docs/records.md): each shard lints some of the set's files
// as a run of the whole set would, runs the checks on an index and its children (which it holds
// whole: it follows the children itself), and writes the files' findings and the set's pages and
// hreflang links, as records partitioned by URL, to a folder. The merge reads the shards in order,
// runs the checks that compare every file of the set (duplicates across sitemaps, the hreflang
// graph) on their records, and gives the outcomes a run of all the shards' files at once gives,
// so that shards linted on other machines (Dask, Spark, Ray ...) report exactly as one run.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "run/lint_many.h"
#include "run/set_rules.h"

namespace sitemaplint {

inline constexpr std::uint32_t kShardFormatVersion = 2;
inline constexpr std::uint32_t kMaxShardPartitions = 65536;
// The file a shard's folder holds besides its partitions, written last: its absence marks a shard
// that was never finished.
inline constexpr const char* kShardManifest = "shard.json";
// The folder of a shard that holds, in one record file, what the hreflang graph reads of every
// partition (docs/records.md): the links, and the pages a partition of the graph may need from
// any other.
inline constexpr const char* kShardGraphFolder = "graph";

// What identifies the settings a shard was linted with: the merge refuses shards whose identities
// differ from each other or from its own. `words`: every setting that changes findings, as given.
std::string settings_identity(const std::vector<std::string>& words);

// The set stage of a shard (SiteOptions::set_stage): the checks on indexes and their children.
// The rules on pages wait for the merge; the members' findings stay unsorted and unsuppressed.
void shard_set_stage(std::span<SetMember> members, const Settings* settings);

// Writes a shard's outcomes (lint_site's, after shard_set_stage; depth[i]: outcome i's, as
// SiteOptions::set_stage gives it) to `folder`, made if missing: the partitions, then the
// manifest. False with *error when it cannot be written.
bool write_shard(const std::vector<Outcome>& outcomes, std::span<const unsigned> depth,
                 const std::filesystem::path& folder, std::uint32_t partitions, const std::string& identity,
                 std::string* error);

// The outcomes of a run of every shard's files at once, read from the shards' folders in order:
// the inputs of all shards first, then the children they followed, each file with its own
// findings, the checks across the set's, its inline suppressions applied and SM901 made. False
// with *error (naming the shard and what is wrong) on a missing, unfinished or damaged shard, on
// shards of another format or sitemaplint, other settings than `identity` or other partitions,
// and on a file two shards hold.
bool merge_shards(const std::vector<std::string>& folders, const ProfileLookup& profile_for,
                  const std::string& identity, std::vector<Outcome>* outcomes, std::string* error);

// The merge in steps, so that no process holds every page of the set (docs/at-scale.md):
// check_partition runs duplicate-across-sitemaps on partition `partition` of every shard, reading
// only those records, then the hreflang graph's rules on the links to the pages of its share of
// the graph (PageFacts::graph_partition), reading from every shard's graph file those pages and the pages
// that link to them; it writes their findings to the file `out` (run/partition_findings.h).
// False with *error as merge_shards, or when `out` cannot be written.
bool check_partition(const std::vector<std::string>& folders, std::uint32_t partition, const ProfileLookup& profile_for,
                     const std::string& identity, const std::string& out, std::string* error);

// Then merge_partitions gives merge_shards' outcomes from the shards' manifests and the findings
// files of every partition (one each, in any order), reading no record: it adds each partition's
// findings, capped as one run caps them. False with *error as merge_shards, and on findings files
// missing, repeated, damaged or made of other shards, settings or partitions.
bool merge_partitions(const std::vector<std::string>& folders, const std::vector<std::string>& findings,
                      const ProfileLookup& profile_for, const std::string& identity, std::vector<Outcome>* outcomes,
                      std::string* error);

}  // namespace sitemaplint
