#include "run/set_shard.h"

#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "load/input_path.h"
#include "rules/hreflang/utils/page_facts.h"
#include "run/output_file.h"
#include "run/set_records.h"

namespace sitemaplint {
namespace {

using nlohmann::json;

// Page record flags, as the pages spilled past --memory-limit have them (set_spill.cpp).
constexpr std::uint32_t kInGraph = 1, kLinksUnknown = 2, kHasLinks = 4;

// Each partition's write buffer: 64 partitions of a shard take 4 MiB.
constexpr std::size_t kBufferBytes = 64 * 1024;

const PageFacts* page_facts_of(const FileReport& report) {
  for (const auto& [rule, facts] : report.facts) {
    if (const auto* pages = dynamic_cast<const PageFacts*>(facts.get())) return pages;
  }
  return nullptr;
}

json diagnostic_json(const Diagnostic& d) {
  json out = {{"rule", std::string(d.rule->code)},
              {"severity", static_cast<int>(d.severity)},
              {"offset", d.offset},
              {"length", d.length},
              {"message", d.message},
              {"subject", d.subject},
              {"authorities", d.authorities}};
  if (d.fix)
    out["fix"] = {{"offset", d.fix->offset},
                  {"length", d.fix->length},
                  {"replacement", d.fix->replacement},
                  {"description", d.fix->description}};
  if (d.related)
    out["related"] = {{"offset", d.related->offset}, {"message", d.related->message}, {"path", d.related->path}};
  return out;
}

// Throws json::exception on a field missing or of the wrong type, std::runtime_error on a value
// this build cannot take.
Diagnostic diagnostic_from(const json& in) {
  Diagnostic d;
  d.rule = find_rule(in.at("rule").get<std::string>());
  if (!d.rule) throw std::runtime_error("a finding of an unknown rule, " + in.at("rule").get<std::string>());
  const int severity = in.at("severity").get<int>();
  if (severity < 0 || severity > 2) throw std::runtime_error("a finding of an unknown severity");
  d.severity = static_cast<Severity>(severity);
  d.offset = in.at("offset").get<std::uint32_t>();
  d.length = in.at("length").get<std::uint32_t>();
  d.message = in.at("message").get<std::string>();
  d.subject = in.at("subject").get<std::string>();
  d.authorities = in.at("authorities").get<std::uint32_t>();
  if (const auto fix = in.find("fix"); fix != in.end()) {
    d.fix = Fix{fix->at("offset").get<std::uint32_t>(), fix->at("length").get<std::uint32_t>(),
                fix->at("replacement").get<std::string>(), fix->at("description").get<std::string>()};
  }
  if (const auto related = in.find("related"); related != in.end()) {
    d.related = RelatedLocation{related->at("offset").get<std::uint32_t>(), related->at("message").get<std::string>(),
                                related->at("path").get<std::string>()};
  }
  return d;
}

// A file's pages and links as records: a page keyed by its URL as written (high, which partitions
// it) and as the hreflang graph keys it (low); its links under the same key, so that a partition
// holds every page its URLs are listed at, with their links.
bool write_page_records(const PageFacts& facts, std::uint32_t file, RecordWriter& writer) {
  std::uint32_t next_link = 0;
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
      if (!writer.add(out)) return false;
    }
  }
  return true;
}

json report_json(const FileReport& r) {
  json placed = json::array();
  for (const FileReport::Placed& p : r.placed) placed.push_back({p.offset, p.line, p.column, p.utf16_column});
  json diagnostics = json::array();
  for (const Diagnostic& d : r.diagnostics) diagnostics.push_back(diagnostic_json(d));
  json out = {{"report_path", r.path},
              {"requested", r.requested},
              {"reloadable", r.reloadable},
              {"kind", static_cast<int>(r.kind)},
              {"entries", r.entries},
              {"placed", std::move(placed)},
              {"diagnostics", std::move(diagnostics)}};
  if (!r.suppressions.empty()) out["suppressions"] = r.suppressions.to_json();
  if (const PageFacts* pages = page_facts_of(r)) {
    json rules = json::array();
    for (const auto& [rule, facts] : r.facts) {
      if (facts.get() == pages) rules.push_back(std::string(rule_info(rule).code));
    }
    out["page_rules"] = std::move(rules);
    out["pages"] = pages->pages.size();
    out["links"] = pages->links.size();
  }
  return out;
}

// One file of a shard as the merge reads it back.
// A page or a link of a file as its record gives it, put in its place by its index in the file.
struct PageSlot {
  std::uint64_t key = 0, written = 0;
  std::uint32_t loc_offset = 0, loc_length = 0, url_offset = 0, as_written = 0, flags = 0;
  bool seen = false;
};
struct LinkSlot {
  PageFacts::Link link;
  std::uint32_t page = 0;
  bool seen = false;
};

// One file of a shard as the merge reads it back.
struct ShardFile {
  Outcome outcome;
  unsigned depth = 0;
  std::size_t pages = 0, links = 0;
  std::vector<RuleId> page_rules;
  // Its pages and links, from the partitions, each in its place (`pages` and `links` of them).
  std::vector<PageSlot> page_slots;
  std::vector<LinkSlot> link_slots;
  bool repeated = false;  // a record came twice, or past the manifest's counts
};

// Puts a Page or Link record of `file` in its place.
void place(Record&& r, ShardFile& file) {
  if (r.kind == RecordKind::Page) {
    if (r.item >= file.page_slots.size() || file.page_slots[r.item].seen) {
      file.repeated = true;
      return;
    }
    file.page_slots[r.item] = {r.key.low,
                               r.key.high,
                               r.offset,
                               r.length,
                               static_cast<std::uint32_t>(r.other.high),
                               static_cast<std::uint32_t>(r.other.low),
                               r.flags,
                               true};
    return;
  }
  if (r.item >= file.link_slots.size() || file.link_slots[r.item].seen) {
    file.repeated = true;
    return;
  }
  file.link_slots[r.item] = {{r.other.high, std::bit_cast<std::uint64_t>(r.number), r.offset, r.length,
                              static_cast<std::uint32_t>(r.other.low >> 32), static_cast<std::uint32_t>(r.other.low)},
                             r.line,
                             true};
}

FileReport report_from(const json& in) {
  FileReport r;
  r.path = in.at("report_path").get<std::string>();
  r.requested = in.at("requested").get<std::string>();
  r.reloadable = in.at("reloadable").get<bool>();
  const int kind = in.at("kind").get<int>();
  if (kind < 0 || kind > static_cast<int>(DocumentKind::Robots)) throw std::runtime_error("an unknown document kind");
  r.kind = static_cast<DocumentKind>(kind);
  r.entries = in.at("entries").get<std::size_t>();
  for (const json& p : in.at("placed")) {
    r.placed.push_back({p.at(0).get<std::uint32_t>(), p.at(1).get<std::uint32_t>(), p.at(2).get<std::uint32_t>(),
                        p.at(3).get<std::uint32_t>()});
  }
  for (const json& d : in.at("diagnostics")) r.diagnostics.push_back(diagnostic_from(d));
  if (const auto s = in.find("suppressions"); s != in.end()) {
    auto suppressions = Suppressions::from_json(s->get<std::string>());
    if (!suppressions) throw std::runtime_error("its suppressions cannot be read");
    r.suppressions = std::move(*suppressions);
  }
  return r;
}

// The file's PageFacts made again from its records, as the shard's run held them.
bool rebuild_pages(ShardFile& file, std::string* why) {
  if (file.repeated) {
    *why = "a page or link comes twice, or more than the manifest counts";
    return false;
  }
  auto facts = std::make_shared<PageFacts>();
  facts->pages.reserve(file.page_slots.size());
  facts->links.reserve(file.link_slots.size());
  std::size_t next_link = 0;
  for (std::size_t p = 0; p < file.page_slots.size(); ++p) {
    const PageSlot& s = file.page_slots[p];
    if (!s.seen) {
      *why = "its page " + std::to_string(p) + " is missing";
      return false;
    }
    PageFacts::Page& page =
        facts->add_page(s.key, s.loc_length, (s.flags & kInGraph) != 0, (s.flags & kLinksUnknown) != 0);
    page.as_written = s.as_written;
    page.url_offset = s.url_offset;
    page.loc_offset = s.loc_offset;
    if (s.written != s.key) facts->written_keys.emplace_back(static_cast<std::uint32_t>(p), s.written);
    for (;
         next_link < file.link_slots.size() && file.link_slots[next_link].seen && file.link_slots[next_link].page == p;
         ++next_link)
      facts->links.push_back(file.link_slots[next_link].link);
  }
  if (next_link != file.link_slots.size()) {
    *why = "its link " + std::to_string(next_link) + " is missing, out of order or of no page";
    return false;
  }
  std::vector<PageSlot>().swap(file.page_slots);
  std::vector<LinkSlot>().swap(file.link_slots);
  const std::shared_ptr<const FileFacts> held = facts;
  for (RuleId rule : file.page_rules) file.outcome.report->facts.emplace_back(rule, held);
  return true;
}

// Reads one shard's manifest and partitions into *files; `partitions` and the format are checked
// against the first shard's (`*partitions` 0: this is the first).
bool read_shard(const std::filesystem::path& folder, const std::string& identity, std::uint32_t* partitions,
                std::vector<ShardFile>* files, std::string* error) {
  const std::string name = folder.string();
  std::ifstream in(folder / kShardManifest, std::ios::binary);
  if (!in) {
    *error = name + ": not a finished shard (no " + kShardManifest + "; make one with sitemaplint records)";
    return false;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::uint32_t count = 0;
  try {
    const json manifest = json::parse(text.str());
    const std::uint32_t format = manifest.at("format").get<std::uint32_t>();
    if (format != kShardFormatVersion) {
      *error = name + ": shard format version " + std::to_string(format) + "; this sitemaplint reads version " +
               std::to_string(kShardFormatVersion);
      return false;
    }
    const std::string version = manifest.at("sitemaplint").get<std::string>();
    if (version != SITEMAPLINT_VERSION) {
      *error = name + ": made by sitemaplint " + version +
               ", not this " SITEMAPLINT_VERSION "; make every shard with the sitemaplint that merges them";
      return false;
    }
    if (manifest.at("settings").get<std::string>() != identity) {
      *error = name +
               ": made with other settings than the merge's (profile, rules, severities, --now, --base-url, "
               "config); give merge the options records was given";
      return false;
    }
    count = manifest.at("partitions").get<std::uint32_t>();
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
    *error = name + "/" + kShardManifest + ": not a shard manifest this sitemaplint can read (" + e.what() + ")";
    return false;
  }
  // Room for the pages and links the manifest counts, which the partitions' bytes must be able to
  // hold (a record takes 20 bytes at least): a manifest's counts alone never allocate gigabytes.
  std::uintmax_t bytes = 0, held = 0;
  for (std::uint32_t p = 0; p < count; ++p) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(folder / record_file_name(p), ec);
    if (!ec) bytes += size;
  }
  for (const ShardFile& file : *files) held += file.pages + file.links;
  if (held > bytes / 20) {
    *error = name + ": its manifest counts " + std::to_string(held) + " pages and links, more than its partitions hold";
    return false;
  }
  for (ShardFile& file : *files) {
    file.page_slots.resize(file.pages);
    file.link_slots.resize(file.links);
  }
  for (std::uint32_t p = 0; p < count; ++p) {
    RecordFileInfo info;
    std::string why;
    bool stray = false;
    const bool read = read_record_file(
        folder / record_file_name(p),
        [&](Record&& r) {
          if (r.file >= files->size() || !(*files)[r.file].outcome.report ||
              (r.kind != RecordKind::Page && r.kind != RecordKind::Link)) {
            stray = true;
            return;
          }
          place(std::move(r), (*files)[r.file]);
        },
        &info, &why);
    if (!read) {
      *error = name + ": " + why;
      return false;
    }
    if (stray || info.partition != p || info.partitions != count) {
      *error = name + "/" + record_file_name(p) + ": records of another shard or partition";
      return false;
    }
  }
  for (ShardFile& file : *files) {
    if (!file.outcome.report) continue;
    std::string why;
    if (!rebuild_pages(file, &why)) {
      *error = name + ": the records of " + file.outcome.path + " do not match its manifest: " + why;
      return false;
    }
  }
  return true;
}

}  // namespace

std::string settings_identity(const std::vector<std::string>& words) {
  std::string joined = SITEMAPLINT_VERSION;
  for (const std::string& word : words) joined += '\0' + word;
  const Fingerprint key = fingerprint(joined);
  char hex[33];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(key.high),
                static_cast<unsigned long long>(key.low));
  return hex;
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
  RecordWriter writer;
  if (!writer.open(folder, partitions, kBufferBytes, error)) return false;
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
      if (pages && !write_page_records(*pages, static_cast<std::uint32_t>(i), writer)) break;
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
  if (!writer.finish(error)) return false;
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

bool merge_shards(const std::vector<std::string>& folders, const ProfileLookup& profile_for,
                  const std::string& identity, std::vector<Outcome>* outcomes, std::string* error) {
  std::uint32_t partitions = 0;
  // Every shard's files, in the order a run of all of them lists its outcomes: the inputs of all
  // shards first, then the children each followed, level by level.
  std::vector<ShardFile> files;
  std::vector<std::pair<unsigned, std::size_t>> order;
  std::map<std::string, std::string> shard_of;  // a file's canonical path -> the shard that holds it
  for (const std::string& folder : folders) {
    std::vector<ShardFile> shard;
    if (!read_shard(folder, identity, &partitions, &shard, error)) return false;
    for (ShardFile& file : shard) {
      std::string canonical = file.outcome.path;
      std::error_code ec;
      if (!is_url(canonical)) canonical = std::filesystem::weakly_canonical(canonical, ec).string();
      if (ec) canonical = file.outcome.path;
      if (const auto [at, added] = shard_of.emplace(canonical, folder); !added) {
        *error = folder + ": " + file.outcome.path + " is in shard " + at->second +
                 " too; a run lints a file once, so give each file (and each index with its children) to one shard";
        return false;
      }
      order.emplace_back(file.depth, files.size());
      files.push_back(std::move(file));
    }
  }
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  outcomes->clear();
  for (const auto& [depth, i] : order) outcomes->push_back(std::move(files[i].outcome));
  std::vector<ShardFile>().swap(files);

  // The members of the whole set, and the first member's settings, as the run of them all has.
  std::vector<SetMember> members(outcomes->size());
  const Settings* settings = nullptr;
  for (std::size_t i = 0; i < outcomes->size(); ++i) {
    Outcome& outcome = (*outcomes)[i];
    if (!outcome.report) continue;
    std::string why;
    const Profile* profile = profile_for(outcome.path, &why);
    if (!profile) continue;
    members[i].report = &*outcome.report;
    members[i].selection = &profile->selection;
    if (!settings) settings = &profile->settings;
  }
  // The rules on pages, then each file's findings sorted, its suppressions applied and SM901
  // made, as finish_set does after every set rule in a run of them all.
  if (settings) run_set_rules(members, *settings, nullptr, nullptr, SetRulePart::OnPages);
  finish_set(members, nullptr);
  return true;
}

}  // namespace sitemaplint
