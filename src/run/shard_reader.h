// A merge's reading of shards back (docs/records.md): their manifests, their partitions and graph
// files, each file's pages and links as its run held them, and the files of every shard in the
// order one run of them all lists them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "rules/hreflang/utils/page_facts.h"
#include "run/lint_many.h"
#include "run/set_records.h"

namespace sitemaplint {

// A page or a link of a file as its record gives it (`item`: its index in the file).
struct PageSlot {
  std::uint64_t key = 0, written = 0;
  std::uint32_t item = 0, loc_offset = 0, loc_length = 0, url_offset = 0, as_written = 0, flags = 0;
};
struct LinkSlot {
  PageFacts::Link link;
  std::uint32_t item = 0, page = 0;
};

// One file of a shard as the merge reads it back.
struct ShardFile {
  Outcome outcome;
  unsigned depth = 0;
  std::size_t pages = 0, links = 0;
  std::vector<RuleId> page_rules;
  // The pages and links its partitions gave: all of them, or those a step of the merge reads.
  std::vector<PageSlot> page_slots;
  std::vector<LinkSlot> link_slots;
  bool repeated = false;  // a record past the manifest's counts
};

// Reads partitions [first, last) of a shard of `partitions`, and puts each record `keep` takes
// with its file; `keep` sees every record.
bool read_parts(const std::filesystem::path& folder, std::uint32_t first, std::uint32_t last, std::uint32_t partitions,
                std::vector<ShardFile>& files, const std::function<bool(const Record&)>& keep, std::string* error);
bool rebuild_shard(const std::string& folder, std::vector<ShardFile>& files, bool whole, std::string* error,
                   std::pair<std::uint32_t, std::uint32_t> graph = {0, 0});
// The shards' manifests read in order, each shard's files in `shards`; *digest names them all.
bool read_manifests(const std::vector<std::string>& folders, const std::string& identity, std::uint32_t* partitions,
                    std::vector<std::vector<ShardFile>>* shards, std::string* digest, std::string* error);
// Every shard's files in the order a run of all of them lists its outcomes: the inputs of all
// shards first, then the children each followed, level by level; a file two shards hold, once.
bool gather(const std::vector<std::string>& folders, std::vector<std::vector<ShardFile>>&& shards,
            std::vector<Outcome>* outcomes, std::string* error);
// Reads what partition `partition` of the hreflang graph needs (PageFacts::graph_partition): the
// pages whose links it judges (the links' targets of this partition), whole (every entry and
// link), the pages that link to them with all their links, and each file's first page in the
// graph, which counts the file. Each shard's graph file holds every link and every page but the
// plain ones without links (set_shard.cpp), which lie in the partition of their graph key: two
// readings of the graph files (the keys the links ask for, then those pages and links), and one
// of the shards' partition `partition`.
bool read_graph_partition(const std::vector<std::string>& folders, std::vector<std::vector<ShardFile>>& shards,
                          std::uint32_t partitions, std::uint32_t partition, std::string* error);

}  // namespace sitemaplint
