#include "run/shard_reader.h"

#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "load/input_path.h"
#include "run/partition_findings.h"
#include "run/set_shard.h"
#include "run/shard_records.h"
#include "run/shard_report_json.h"

namespace sitemaplint {

using nlohmann::json;

namespace {

// Puts a Page or Link record of `file` with the others.
void place(Record&& r, ShardFile& file) {
  if (r.kind == RecordKind::Page) {
    if (r.item >= file.pages) {
      file.repeated = true;
      return;
    }
    file.page_slots.push_back({r.key.low, r.key.high, r.item, r.offset, r.length,
                               static_cast<std::uint32_t>(r.other.high), static_cast<std::uint32_t>(r.other.low),
                               r.flags});
    return;
  }
  if (r.item >= file.links) {
    file.repeated = true;
    return;
  }
  file.link_slots.push_back({{r.other.high, std::bit_cast<std::uint64_t>(r.number), r.offset, r.length,
                              static_cast<std::uint32_t>(r.other.low >> 32), static_cast<std::uint32_t>(r.other.low)},
                             r.item,
                             r.line});
}

// The file's PageFacts made again from its records, as the shard's run held them (`whole`: every
// page and link must be there), or with the pages and links one step of the merge read (`graph`:
// the partition of the hreflang graph they are for, PageFacts::graph_partition).
bool rebuild_pages(ShardFile& file, bool whole, std::pair<std::uint32_t, std::uint32_t> graph, std::string* why) {
  const auto by_item = [](const auto& a, const auto& b) { return a.item < b.item; };
  const auto same_item = [](const auto& a, const auto& b) { return a.item == b.item; };
  std::sort(file.page_slots.begin(), file.page_slots.end(), by_item);
  std::sort(file.link_slots.begin(), file.link_slots.end(), by_item);
  if (file.repeated ||
      std::adjacent_find(file.page_slots.begin(), file.page_slots.end(), same_item) != file.page_slots.end() ||
      std::adjacent_find(file.link_slots.begin(), file.link_slots.end(), same_item) != file.link_slots.end()) {
    *why = "a page or link comes twice, or more than the manifest counts";
    return false;
  }
  if (whole && (file.page_slots.size() != file.pages || file.link_slots.size() != file.links)) {
    *why = std::to_string(file.pages - file.page_slots.size()) + " of its pages and " +
           std::to_string(file.links - file.link_slots.size()) + " of its links are missing";
    return false;
  }
  auto facts = std::make_shared<PageFacts>();
  std::tie(facts->graph_partition, facts->graph_partitions) = graph;
  facts->pages.reserve(file.page_slots.size());
  facts->links.reserve(file.link_slots.size());
  std::size_t next_link = 0;
  for (const PageSlot& s : file.page_slots) {
    const auto p = static_cast<std::uint32_t>(facts->pages.size());
    PageFacts::Page& page =
        facts->add_page(s.key, s.loc_length, (s.flags & kInGraph) != 0, (s.flags & kLinksUnknown) != 0);
    page.as_written = s.as_written;
    page.url_offset = s.url_offset;
    page.loc_offset = s.loc_offset;
    if (s.written != s.key) facts->written_keys.emplace_back(p, s.written);
    for (; next_link < file.link_slots.size() && file.link_slots[next_link].page == s.item; ++next_link)
      facts->links.push_back(file.link_slots[next_link].link);
  }
  if (next_link != file.link_slots.size()) {
    *why = "its link " + std::to_string(file.link_slots[next_link].item) + " is out of order or of no page";
    return false;
  }
  std::vector<PageSlot>().swap(file.page_slots);
  std::vector<LinkSlot>().swap(file.link_slots);
  const std::shared_ptr<const FileFacts> held = facts;
  for (RuleId rule : file.page_rules) file.outcome.report->facts.emplace_back(rule, held);
  return true;
}

// Reads one shard's manifest into *files; its format and partitions are checked against the first
// shard's (`*partitions` 0: this is the first). *digest gets a fingerprint of its text.
bool read_manifest(const std::filesystem::path& folder, const std::string& identity, std::uint32_t* partitions,
                   std::vector<ShardFile>* files, std::string* digest, std::string* error) {
  const std::string name = folder.string();
  std::ifstream in(folder / kShardManifest, std::ios::binary);
  if (!in) {
    *error = name + ": not a finished shard (no " + kShardManifest + "; make one with sitemaplint records)";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  *digest = hex_of(fingerprint(text.str()));
  try {
    const json manifest = json::parse(text.str());
    if (const std::string why = version_refusal("shard", manifest.at("format").get<std::uint32_t>(),
                                                kShardFormatVersion, manifest.at("sitemaplint").get<std::string>());
        !why.empty()) {
      *error = name + ": " + why + "; make every shard with the sitemaplint that merges them";
      return false;
    }
    if (manifest.at("settings").get<std::string>() != identity) {
      *error = name +
               ": made with other settings than the merge's (profile, rules, severities, --now, --base-url, "
               "config); give merge the options records was given";
      return false;
    }
    const std::uint32_t count = manifest.at("partitions").get<std::uint32_t>();
    if (count == 0 || count > kMaxShardPartitions) throw std::runtime_error("partitions out of range");
    if (*partitions != 0 && count != *partitions) {
      *error = name + ": " + std::to_string(count) + " partitions where the first shard has " +
               std::to_string(*partitions) + "; make every shard with the same --partitions";
      return false;
    }
    *partitions = count;
    for (const json& f : manifest.at("files")) {
      ShardFile file;
      file.outcome.path = f.at("path").get<std::string>();
      file.depth = f.at("depth").get<unsigned>();
      if (const auto e = f.find("error"); e != f.end()) {
        file.outcome.error = e->get<std::string>();
      } else {
        file.outcome.report = report_from(f);
        if (const auto bytes = f.find("bytes"); bytes != f.end()) {
          const std::string name = bytes->get<std::string>();
          std::ifstream held(folder / std::filesystem::path(name).filename(), std::ios::binary);
          if (!held) throw std::runtime_error("its file " + name + " is missing");
          std::stringstream content;
          content << held.rdbuf();
          file.outcome.report->bytes = content.str();
        }
        if (const auto stamp = f.find("stamp"); stamp != f.end()) {
          const FileReport& report = *file.outcome.report;
          const auto now = file_stamp(report.path);
          if (!now) {
            *error = name + ": " + report.path +
                     " cannot be read from here, to quote its findings; run merge in the folder records ran "
                     "in (relative paths are read from it), or give records absolute paths";
            return false;
          }
          if (now->first != stamp->at(0).get<std::uint64_t>() || now->second != stamp->at(1).get<std::int64_t>()) {
            *error = name + ": " + report.path +
                     " has changed since its shard was made (its size or time differs); make the shard again";
            return false;
          }
        }
        file.pages = f.value("pages", std::size_t{0});
        file.links = f.value("links", std::size_t{0});
        for (const json& code : f.value("page_rules", json::array())) {
          const RuleInfo* rule = find_rule(code.get<std::string>());
          if (!rule) throw std::runtime_error("an unknown rule, " + code.get<std::string>());
          file.page_rules.push_back(rule->id);
        }
      }
      files->push_back(std::move(file));
    }
  } catch (const std::exception& e) {
    *error = name + "/" + kShardManifest + ": not a shard manifest this sitemaplint can read (" +
             unreadable_because(e) + ")";
    return false;
  }
  return true;
}

}  // namespace

// Reads partitions [first, last) of a shard of `partitions`, and puts each record `keep` takes
// with its file; `keep` sees every record.
bool read_parts(const std::filesystem::path& folder, std::uint32_t first, std::uint32_t last, std::uint32_t partitions,
                std::vector<ShardFile>& files, const std::function<bool(const Record&)>& keep, std::string* error) {
  for (std::uint32_t p = first; p < last; ++p) {
    RecordFileInfo info;
    std::string why;
    bool stray = false;
    const std::filesystem::path part = folder / record_file_name(p);
    std::error_code ec;
    if (!std::filesystem::exists(part, ec)) {
      *error = part.string() + ": partition " + std::to_string(p) + " of the shard is missing (its manifest says " +
               std::to_string(partitions) + " partitions); copy the shard's folder whole, or make it again";
      return false;
    }
    const bool read = read_record_file(
        part,
        [&](Record&& r) {
          if (r.file >= files.size() || !files[r.file].outcome.report ||
              (r.kind != RecordKind::Page && r.kind != RecordKind::Link)) {
            stray = true;
            return;
          }
          if (keep(r)) place(std::move(r), files[r.file]);
        },
        &info, &why);
    if (!read) {
      *error = folder.string() + ": " + why;
      return false;
    }
    if (info.partitions != partitions) {
      *error = part.string() + ": a partition of a shard of " + std::to_string(info.partitions) +
               " partitions, where its manifest says " + std::to_string(partitions) +
               "; a shard's files come from one run of sitemaplint records";
      return false;
    }
    if (info.partition != p) {
      *error = part.string() + ": holds partition " + std::to_string(info.partition) + ", not " + std::to_string(p);
      return false;
    }
    if (stray) {
      *error = part.string() + ": records of files its shard's manifest does not list (of another shard)";
      return false;
    }
  }
  return true;
}

bool rebuild_shard(const std::string& folder, std::vector<ShardFile>& files, bool whole, std::string* error,
                   std::pair<std::uint32_t, std::uint32_t> graph) {
  for (ShardFile& file : files) {
    if (!file.outcome.report) continue;
    std::string why;
    if (!rebuild_pages(file, whole, graph, &why)) {
      *error = folder + ": the records of " + file.outcome.path + " do not match its manifest: " + why;
      return false;
    }
  }
  return true;
}

// The shards' manifests read in order, each shard's files in `shards`; *digest names them all.
bool read_manifests(const std::vector<std::string>& folders, const std::string& identity, std::uint32_t* partitions,
                    std::vector<std::vector<ShardFile>>* shards, std::string* digest, std::string* error) {
  std::string digests;
  for (const std::string& folder : folders) {
    std::string one;
    if (!read_manifest(folder, identity, partitions, &shards->emplace_back(), &one, error)) return false;
    digests += one;
  }
  *digest = hex_of(fingerprint(digests));
  return true;
}

namespace {

// Every shard's files in the order a run of all of them lists its outcomes: the inputs of all
// shards first, then the children each followed, level by level.
// A file two shards hold, one as an input (or as the child of an index nearer the inputs) and the
// other as a child it followed: a run of them all lints it once, where it first meets it, and the
// checks on an index and its children give it their findings there. `from`'s findings of those
// checks go to `to` (those both have, as an index's on its own children, once).
void take_set_findings(ShardFile& from, ShardFile& to) {
  static const std::set<const RuleInfo*> set_rules = [] {
    std::set<const RuleInfo*> rules;
    const Settings settings;
    for (const RuleInfo* rule : all_rules()) {
      Subscriptions subscriptions;
      rule->make(settings)->subscribe(subscriptions);
      if (subscriptions.plan().set) rules.insert(rule);
    }
    return rules;
  }();
  if (!from.outcome.report || !to.outcome.report) return;
  std::vector<Diagnostic>& kept = to.outcome.report->diagnostics;
  const std::size_t own = kept.size();
  for (Diagnostic& d : from.outcome.report->diagnostics) {
    if (!set_rules.count(d.rule)) continue;
    const auto same = [&d](const Diagnostic& k) {
      return k.rule == d.rule && k.offset == d.offset && k.length == d.length && k.message == d.message;
    };
    if (std::none_of(kept.begin(), kept.begin() + static_cast<std::ptrdiff_t>(own), same)) kept.push_back(std::move(d));
  }
}

}  // namespace

// Every shard's files in the order a run of all of them lists its outcomes: the inputs of all
// shards first, then the children each followed, level by level; a file two shards hold, once.
bool gather(const std::vector<std::string>& folders, std::vector<std::vector<ShardFile>>&& shards,
            std::vector<Outcome>* outcomes, std::string* error) {
  std::vector<ShardFile> files;
  std::vector<std::string> shard_of_file;
  std::vector<bool> dropped;
  std::map<std::string, std::size_t> held;  // a file's canonical path -> the copy kept
  for (std::size_t s = 0; s < shards.size(); ++s) {
    const std::string& folder = folders[s];
    for (ShardFile& file : shards[s]) {
      std::string canonical = file.outcome.path;
      std::error_code ec;
      if (!is_url(canonical)) canonical = std::filesystem::weakly_canonical(canonical, ec).string();
      if (ec) canonical = file.outcome.path;
      const auto [at, added] = held.emplace(canonical, files.size());
      if (!added) {
        ShardFile& kept = files[at->second];
        if (kept.depth == 0 && file.depth == 0) {
          *error = folder + ": " + file.outcome.path + " is in shard " + shard_of_file[at->second] +
                   " too; a run lints a file once, so give each file to one shard";
          return false;
        }
        if (file.depth >= kept.depth) {
          take_set_findings(file, kept);
          continue;
        }
        take_set_findings(kept, file);
        dropped[at->second] = true;
        at->second = files.size();
      }
      files.push_back(std::move(file));
      shard_of_file.push_back(folder);
      dropped.push_back(false);
    }
    std::vector<ShardFile>().swap(shards[s]);
  }
  std::vector<std::pair<unsigned, std::size_t>> order;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!dropped[i]) order.emplace_back(files[i].depth, i);
  }
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  outcomes->clear();
  for (const auto& [depth, i] : order) outcomes->push_back(std::move(files[i].outcome));
  return true;
}

// Reads what partition `partition` of the hreflang graph needs (PageFacts::graph_partition): the
// pages whose links it judges (the links' targets of this partition), whole (every entry and
// link), the pages that link to them with all their links, and each file's first page in the
// graph, which counts the file. Each shard's graph file holds every link and every page but the
// plain ones without links (set_shard.cpp), which lie in the partition of their graph key: two
// readings of the graph files (the keys the links ask for, then those pages and links), and one
// of the shards' partition `partition`.
bool read_graph_partition(const std::vector<std::string>& folders, std::vector<std::vector<ShardFile>>& shards,
                          std::uint32_t partitions, std::uint32_t partition, std::string* error) {
  for (const std::string& folder : folders) {
    std::error_code ec;
    if (!std::filesystem::exists(std::filesystem::path(folder) / kShardGraphFolder / record_file_name(0), ec)) {
      *error = folder + ": its graph file (" + kShardGraphFolder + "/" + record_file_name(0) +
               ") is missing; copy the shard's folder whole, or make it again";
      return false;
    }
  }
  std::vector<std::uint64_t> wanted;
  std::vector<std::vector<std::uint32_t>> first_in_graph(shards.size());  // by shard, then file
  for (std::size_t s = 0; s < shards.size(); ++s) {
    std::vector<std::uint32_t>& first = first_in_graph[s];
    first.assign(shards[s].size(), UINT32_MAX);
    const auto ask = [&](const Record& r) {
      if (r.kind == RecordKind::Link) {
        if (graph_partition_of(r.other.high, partitions) == partition) {
          wanted.push_back(r.other.high);
          wanted.push_back(r.key.low);
        }
      } else if ((r.flags & kInGraph) != 0) {
        first[r.file] = std::min(first[r.file], r.item);
      }
      return false;
    };
    if (!read_parts(std::filesystem::path(folders[s]) / kShardGraphFolder, 0, 1, 1, shards[s], ask, error))
      return false;
  }
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  // Most records are of pages no link concerns: a bit per key hash, 16 bits a key asked for,
  // turns nearly all of them away before the search.
  std::size_t bits = 1024;
  while (bits < wanted.size() * 16) bits *= 2;
  std::vector<bool> maybe(bits);
  for (std::uint64_t key : wanted) maybe[key & (bits - 1)] = true;
  const auto asked = [&](std::uint64_t key) {
    return maybe[key & (bits - 1)] && std::binary_search(wanted.begin(), wanted.end(), key);
  };
  for (std::size_t s = 0; s < shards.size(); ++s) {
    const auto first = [&](const Record& r) {
      return r.kind == RecordKind::Page && (r.flags & kInGraph) != 0 && r.item == first_in_graph[s][r.file];
    };
    const auto from_graph_file = [&](const Record& r) { return asked(r.key.low) || first(r); };
    // The pages of this partition's keys that the graph file does not hold.
    const auto from_partition = [&](const Record& r) {
      return r.kind == RecordKind::Page && !in_graph_file(r) && !first(r) && asked(r.key.low);
    };
    if (!read_parts(std::filesystem::path(folders[s]) / kShardGraphFolder, 0, 1, 1, shards[s], from_graph_file,
                    error) ||
        !read_parts(folders[s], partition, partition + 1, partitions, shards[s], from_partition, error) ||
        !rebuild_shard(folders[s], shards[s], false, error, {partition, partitions}))
      return false;
  }
  return true;
}

}  // namespace sitemaplint
