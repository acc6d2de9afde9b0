#include "run/set_shard.h"

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "load/input_path.h"
#include "rules/hreflang/utils/page_facts.h"
#include "run/output_file.h"
#include "run/partition_findings.h"
#include "run/set_records.h"
#include "run/shard_records.h"
#include "run/shard_reader.h"
#include "run/shard_report_json.h"

namespace sitemaplint {
namespace {

using nlohmann::json;

// The members of the whole set; *settings: the first member's, as the run of them all has.
std::vector<SetMember> members_of(std::vector<Outcome>& outcomes, const ProfileLookup& profile_for,
                                  const Settings** settings) {
  std::vector<SetMember> members(outcomes.size());
  *settings = nullptr;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    Outcome& outcome = outcomes[i];
    if (!outcome.report) continue;
    std::string why;
    const Profile* profile = profile_for(outcome.path, &why);
    if (!profile) continue;
    members[i].report = &*outcome.report;
    members[i].selection = &profile->selection;
    if (!*settings) *settings = &profile->settings;
  }
  return members;
}

}  // namespace

bool merge_shards(const std::vector<std::string>& folders, const ProfileLookup& profile_for,
                  const std::string& identity, std::vector<Outcome>* outcomes, std::string* error) {
  std::uint32_t partitions = 0;
  std::vector<std::vector<ShardFile>> shards;
  std::string digest;
  if (!read_manifests(folders, identity, &partitions, &shards, &digest, error)) return false;
  for (std::size_t s = 0; s < shards.size(); ++s) {
    if (!read_parts(
            folders[s], 0, partitions, partitions, shards[s], [](const Record&) { return true; }, error) ||
        !rebuild_shard(folders[s], shards[s], true, error))
      return false;
  }
  if (!gather(folders, std::move(shards), outcomes, error)) return false;
  const Settings* settings = nullptr;
  std::vector<SetMember> members = members_of(*outcomes, profile_for, &settings);
  // The rules on pages, then each file's findings sorted, its suppressions applied and SM901
  // made, as finish_set does after every set rule in a run of them all.
  if (settings) run_set_rules(members, *settings, nullptr, nullptr, SetRulePart::OnPages);
  finish_set(members, nullptr);
  return true;
}

bool check_partition(const std::vector<std::string>& folders, std::uint32_t partition, const ProfileLookup& profile_for,
                     const std::string& identity, const std::string& out, std::string* error) {
  PartitionOrigin origin{identity, "", partition, 0};
  std::vector<PartitionFindings> findings;
  {
    // duplicate-across-sitemaps, on the pages of this partition (by their URL as written).
    std::vector<std::vector<ShardFile>> shards;
    if (!read_manifests(folders, identity, &origin.partitions, &shards, &origin.shards, error)) return false;
    if (partition >= origin.partitions) {
      *error = "partition " + std::to_string(partition) + " of shards of " + std::to_string(origin.partitions) +
               " partitions (0 to " + std::to_string(origin.partitions - 1) + ")";
      return false;
    }
    for (std::size_t s = 0; s < shards.size(); ++s) {
      const auto pages = [](const Record& r) { return r.kind == RecordKind::Page; };
      if (!read_parts(folders[s], partition, partition + 1, origin.partitions, shards[s], pages, error) ||
          !rebuild_shard(folders[s], shards[s], false, error))
        return false;
    }
    std::vector<Outcome> outcomes;
    if (!gather(folders, std::move(shards), &outcomes, error)) return false;
    const Settings* settings = nullptr;
    std::vector<SetMember> members = members_of(outcomes, profile_for, &settings);
    if (settings) findings = run_alone(members, *settings, SetRulePart::Duplicates);
  }
  {
    // The hreflang graph's rules, on the links to the pages of this partition of the graph.
    std::vector<std::vector<ShardFile>> shards;
    std::string digest;
    if (!read_manifests(folders, identity, &origin.partitions, &shards, &digest, error)) return false;
    // Without a single hreflang link in the set the graph judges nothing: no record to read.
    const auto linked = [](const std::vector<ShardFile>& files) {
      return std::any_of(files.begin(), files.end(), [](const ShardFile& file) { return file.links != 0; });
    };
    const bool any_link = std::any_of(shards.begin(), shards.end(), linked);
    if (any_link && !read_graph_partition(folders, shards, origin.partitions, partition, error)) return false;
    std::vector<Outcome> outcomes;
    if (!gather(folders, std::move(shards), &outcomes, error)) return false;
    const Settings* settings = nullptr;
    std::vector<SetMember> members = members_of(outcomes, profile_for, &settings);
    if (settings && any_link) {
      for (PartitionFindings& graph : run_alone(members, *settings, SetRulePart::Graph))
        findings.push_back(std::move(graph));
    }
  }
  std::string text;
  try {
    text = partition_findings_json(origin, findings);
  } catch (const json::exception&) {
    *error = out + ": a finding of the partition is not UTF-8, which its file holds";
    return false;
  }
  // The file's folder is made if missing, as records makes its shard's.
  std::error_code ec;
  if (const std::filesystem::path folder = std::filesystem::path(out).parent_path(); !folder.empty())
    std::filesystem::create_directories(folder, ec);
  return write_output_file(out, text, Durability::Written, error);
}

bool merge_partitions(const std::vector<std::string>& folders, const std::vector<std::string>& findings,
                      const ProfileLookup& profile_for, const std::string& identity, std::vector<Outcome>* outcomes,
                      std::string* error) {
  // The manifests and the partitions' findings only: no record is read, no page held.
  std::uint32_t partitions = 0;
  std::vector<std::vector<ShardFile>> shards;
  std::string digest;
  if (!read_manifests(folders, identity, &partitions, &shards, &digest, error)) return false;
  if (!gather(folders, std::move(shards), outcomes, error)) return false;
  const Settings* settings = nullptr;
  std::vector<SetMember> members = members_of(*outcomes, profile_for, &settings);

  // Every partition's findings once, of these shards and settings.
  std::vector<bool> seen(partitions);
  std::size_t next = 0;
  std::string why;
  const auto read_next = [&](std::vector<PartitionFindings>* out) {
    if (next == findings.size() || !why.empty()) return false;
    const std::string& name = findings[next++];
    std::ifstream in(name, std::ios::binary);
    if (!in) {
      why = name + ": cannot be read";
      return false;
    }
    std::stringstream text;
    text << in.rdbuf();
    PartitionOrigin origin;
    std::string problem;
    if (!read_partition_findings(text.str(), members.size(), &origin, out, &problem)) {
      why = name + ": " + problem;
      return false;
    }
    if (origin.partitions != partitions) {
      why = name + ": the findings of a partition of shards of " + std::to_string(origin.partitions) +
            " partitions, where these shards have " + std::to_string(partitions);
      return false;
    }
    if (origin.shards != digest) {
      why = name + ": the findings of other shards; check each partition of these shards, in this order";
      return false;
    }
    if (origin.settings != identity) {
      why = name + ": the findings of a merge with other settings; give merge --partition the options of this merge";
      return false;
    }
    if (origin.partition >= partitions || seen[origin.partition]) {
      why = name + ": partition " + std::to_string(origin.partition) + " again";
      return false;
    }
    seen[origin.partition] = true;
    return true;
  };
  if (settings) {
    add_partitioned(members, read_next);
  } else {
    std::vector<PartitionFindings> ignored;
    while (read_next(&ignored)) {
    }
  }
  if (!why.empty()) {
    *error = why;
    return false;
  }
  if (const auto missing = std::find(seen.begin(), seen.end(), false); missing != seen.end()) {
    *error = "the findings of partition " + std::to_string(missing - seen.begin()) +
             " are missing: give those of every partition, 0 to " + std::to_string(partitions - 1);
    return false;
  }
  finish_set(members, nullptr);
  return true;
}

}  // namespace sitemaplint
