#include "run/set_shard.h"

#include <bit>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "rules/hreflang/utils/page_facts.h"
#include "run/output_file.h"
#include "run/set_records.h"
#include "run/shard_records.h"
#include "run/shard_report_json.h"

namespace sitemaplint {
namespace {

using nlohmann::json;

// Each partition's write buffer: 64 partitions of a shard take 4 MiB.
constexpr std::size_t kBufferBytes = 64 * 1024;

// A file's pages and links as records: a page keyed by its URL as written (high, which partitions
// it) and as the hreflang graph keys it (low); its links under the same key, so that a partition
// holds every page its URLs are listed at, with their links. The graph's file (`graph`) gets the
// records a partition of the graph may need from any partition: every link, the pages with links
// (or unreadable ones), those whose key as written is not the graph's, and the file's first page
// in the graph (which counts the file); each other page lies in the partition of its graph key.
bool write_page_records(const PageFacts& facts, std::uint32_t file, RecordWriter& writer, RecordWriter& graph) {
  std::uint32_t next_link = 0;
  bool counted = false;
  for (std::size_t p = 0; p < facts.pages.size(); ++p) {
    const PageFacts::Page& page = facts.pages[p];
    const std::span<const PageFacts::Link> links = facts.links_of(p);
    Record record;
    record.kind = RecordKind::Page;
    record.key = {facts.written_key(p), page.key()};
    record.file = file;
    record.item = static_cast<std::uint32_t>(p);
    record.offset = page.loc_offset;
    record.length = page.loc_length();
    record.flags =
        (page.in_graph() ? kInGraph : 0) | (page.links_unknown() ? kLinksUnknown : 0) | (links.empty() ? 0 : kHasLinks);
    record.other = {page.url_offset, page.as_written};
    if (!writer.add(record)) return false;
    const bool first_in_graph = page.in_graph() && !counted;
    counted |= page.in_graph();
    if ((first_in_graph || in_graph_file(record)) && !graph.add(record)) return false;
    for (const PageFacts::Link& link : links) {
      Record out;
      out.kind = RecordKind::Link;
      out.key = record.key;
      out.file = file;
      out.item = next_link++;
      out.line = static_cast<std::uint32_t>(p);
      out.offset = link.href_offset;
      out.length = link.href_length;
      out.other = {link.target, std::uint64_t{link.code_offset} << 32 | link.code_length};
      out.number = std::bit_cast<std::int64_t>(link.code);
      if (!writer.add(out) || !graph.add(out)) return false;
    }
  }
  return true;
}

}  // namespace

std::string settings_identity(const std::vector<std::string>& words) {
  std::string joined = SITEMAPLINT_VERSION;
  for (const std::string& word : words) joined += '\0' + word;
  return hex_of(fingerprint(joined));
}

void shard_set_stage(std::span<SetMember> members, const Settings* settings) {
  if (settings) run_set_rules(members, *settings, nullptr, nullptr, SetRulePart::NotOnPages);
}

bool write_shard(const std::vector<Outcome>& outcomes, std::span<const unsigned> depth,
                 const std::filesystem::path& folder, std::uint32_t partitions, const std::string& identity,
                 std::string* error) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  // A manifest left by an earlier shard in the folder must not vouch for this one's partitions.
  std::filesystem::remove(folder / kShardManifest, ec);
  RecordWriter writer, graph;
  std::filesystem::create_directories(folder / kShardGraphFolder, ec);
  if (!writer.open(folder, partitions, kBufferBytes, error) ||
      !graph.open(folder / kShardGraphFolder, 1, kBufferBytes, error))
    return false;
  json files = json::array();
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const Outcome& outcome = outcomes[i];
    json file;
    if (outcome.report) {
      const FileReport& report = *outcome.report;
      try {
        file = report_json(report);
      } catch (const json::exception&) {
        *error = outcome.path + ": its suppressions are not UTF-8, which a shard's manifest holds";
        return false;
      }
      const PageFacts* pages = page_facts_of(report);
      if (pages && !write_page_records(*pages, static_cast<std::uint32_t>(i), writer, graph)) break;
      // A file read again for the merge's messages must be the file that was linted.
      if (report.reloadable) {
        if (const auto stamp = file_stamp(report.path)) file["stamp"] = {stamp->first, stamp->second};
      }
      // A fetched file cannot be read again: its bytes go with it, for the merge's messages.
      if (!report.reloadable && !report.bytes.empty()) {
        const std::string name = "file-" + std::to_string(i) + ".bytes";
        if (!write_output_file((folder / name).string(), report.bytes, Durability::Written, error)) return false;
        file["bytes"] = name;
      }
    } else {
      file["error"] = outcome.error;
    }
    file["path"] = outcome.path;
    file["depth"] = i < depth.size() ? depth[i] : 0;
    files.push_back(std::move(file));
  }
  if (!writer.finish(error) || !graph.finish(error)) return false;
  const json manifest = {{"format", kShardFormatVersion},
                         {"sitemaplint", SITEMAPLINT_VERSION},
                         {"settings", identity},
                         {"partitions", partitions},
                         {"files", std::move(files)}};
  std::string text;
  try {
    text = manifest.dump(1) + "\n";
  } catch (const json::exception&) {
    // JSON holds UTF-8 only; a path or finding that is not would come back other than it went.
    *error = folder.string() + ": a path or finding of the shard is not UTF-8, which a shard's manifest holds";
    return false;
  }
  return write_output_file((folder / kShardManifest).string(), text, Durability::Written, error);
}

}  // namespace sitemaplint
