#include "run/set_spill.h"

#include <stdlib.h>

#include <algorithm>
#include <cstdlib>

#include "rules/hreflang/utils/page_facts.h"
#include "run/notice.h"

namespace sitemaplint {
namespace {

// Partitions written: reading them back in groups of consecutive ones gives any number of groups
// up to this one, chosen once the spilled size is known.
constexpr std::uint32_t kPartitions = 64;
// A Page record's bytes on disk and, read back, as a page of a view with the rule's work on it:
// what a group of partitions is sized by.
constexpr std::uint64_t kBytesPerSpilledPage = 120;

// Page record flags.
constexpr std::uint32_t kInGraph = 1, kLinksUnknown = 2, kHasLinks = 4;

std::uint64_t footprint(const PageFacts& facts) {
  return sizeof(PageFacts) + facts.pages.capacity() * sizeof(PageFacts::Page) +
         facts.links.capacity() * sizeof(PageFacts::Link) +
         facts.written_keys.capacity() * sizeof(facts.written_keys[0]);
}

const PageFacts* page_facts_of(const FileReport& report) {
  for (const auto& [rule, facts] : report.facts) {
    if (const auto* pages = dynamic_cast<const PageFacts*>(facts.get())) return pages;
  }
  return nullptr;
}

// A page of `from` added to `to`, with its links when `with_links`.
void copy_page(const PageFacts& from, std::size_t p, bool with_links, PageFacts* to) {
  const PageFacts::Page& page = from.pages[p];
  PageFacts::Page& copy = to->add_page(page.key(), page.loc_length(), page.in_graph(), page.links_unknown());
  copy.as_written = page.as_written;
  copy.url_offset = page.url_offset;
  copy.loc_offset = page.loc_offset;
  if (const std::uint64_t written = from.written_key(p); written != page.key())
    to->written_keys.emplace_back(static_cast<std::uint32_t>(to->pages.size() - 1), written);
  if (with_links) {
    const std::span<const PageFacts::Link> links = from.links_of(p);
    to->links.insert(to->links.end(), links.begin(), links.end());
  }
}

// A spilled page as its record gives it back.
struct SpilledPage {
  std::uint32_t file, item;
  std::uint64_t key, written;
  std::uint32_t loc_offset, loc_length, url_offset, as_written, flags;
  bool operator<(const SpilledPage& other) const { return file != other.file ? file < other.file : item < other.item; }
};

SpilledPage spilled_page(const Record& r) {
  return {r.file,
          r.item,
          r.key.low,
          r.key.high,
          r.offset,
          r.length,
          static_cast<std::uint32_t>(r.other.high),
          static_cast<std::uint32_t>(r.other.low),
          r.flags};
}

void add_spilled(const SpilledPage& s, PageFacts* to) {
  PageFacts::Page& page = to->add_page(s.key, s.loc_length, (s.flags & kInGraph) != 0, (s.flags & kLinksUnknown) != 0);
  page.as_written = s.as_written;
  page.url_offset = s.url_offset;
  page.loc_offset = s.loc_offset;
  if (s.written != s.key) to->written_keys.emplace_back(static_cast<std::uint32_t>(to->pages.size() - 1), s.written);
}

}  // namespace

SetSpill::SetSpill(std::uint64_t budget) : budget_(budget), partition_records_(kPartitions, 0) {}

SetSpill::~SetSpill() {
  std::string ignored;
  if (!folder_.empty()) {
    writer_.finish(&ignored);
    std::error_code ec;
    std::filesystem::remove_all(folder_, ec);
  }
}

bool SetSpill::open(std::string* error) {
  const char* tmpdir = std::getenv("TMPDIR");
  const std::filesystem::path temp = tmpdir && *tmpdir ? tmpdir : "/tmp";
  const std::string pattern = (temp / "sitemaplint-set-XXXXXX").string();
  std::string name = pattern;
  if (!mkdtemp(name.data())) {
    *error = pattern + ": a folder for the set's pages cannot be made";
    return false;
  }
  folder_ = name;
  // Each partition's buffer: an eighth of the budget in all, within sensible bounds.
  const std::size_t buffer = std::clamp<std::uint64_t>(budget_ / 8 / kPartitions, 4096, 256 * 1024);
  return writer_.open(folder_, kPartitions, buffer, error);
}

void SetSpill::offer(FileReport& report) {
  if (budget_ == 0) return;
  const PageFacts* facts = page_facts_of(report);
  if (!facts) return;
  const std::lock_guard lock(mutex_);
  held_ += footprint(*facts);
  // A quarter of the budget for the pages kept while files are linted: the rest goes to the files
  // being parsed, and to the set pass's own work.
  if (held_ <= budget_ / 4 || !write_error_.empty() || finished_) return;
  if (folder_.empty() && !open(&write_error_)) {
    print_notice("the set's pages stay in memory, past --memory-limit: " + write_error_);
    return;
  }
  SpilledFile spilled;
  spilled.id = static_cast<std::uint32_t>(files_.size());
  auto kept = std::make_shared<PageFacts>();
  bool first_in_graph = true;
  Record record;
  record.kind = RecordKind::Page;
  record.file = spilled.id;
  for (std::size_t p = 0; p < facts->pages.size(); ++p) {
    const PageFacts::Page& page = facts->pages[p];
    const bool has_links = !facts->links_of(p).empty();
    record.key = {facts->written_key(p), page.key()};
    record.item = static_cast<std::uint32_t>(p);
    record.offset = page.loc_offset;
    record.length = page.loc_length();
    record.flags =
        (page.in_graph() ? kInGraph : 0) | (page.links_unknown() ? kLinksUnknown : 0) | (has_links ? kHasLinks : 0);
    record.other = {page.url_offset, page.as_written};
    if (!writer_.add(record)) {
      // The disk is full, say: this file keeps its pages; the set pass tells what was lost before.
      write_error_ = "the set's pages cannot be written to " + folder_.string();
      print_notice("the set's pages stay in memory, past --memory-limit: " + write_error_);
      return;
    }
    ++partition_records_[partition_of(record.key, kPartitions)];
    // What the hreflang graph needs before it knows the targets of the links: the pages with
    // links (or unknown ones), and one page of the file in the graph, which counts the file.
    if (has_links || page.links_unknown() || (page.in_graph() && first_in_graph)) {
      copy_page(*facts, p, true, kept.get());
      spilled.kept.push_back(static_cast<std::uint32_t>(p));
    }
    first_in_graph &= !page.in_graph();
  }
  kept->pages.shrink_to_fit();
  kept->links.shrink_to_fit();
  held_ -= footprint(*facts);
  held_ += footprint(*kept);
  const std::shared_ptr<const FileFacts> in_place = kept;
  for (auto& [rule, held] : report.facts) {
    if (held.get() == facts) held = in_place;  // the last owner lets the file's pages go
  }
  files_.emplace(kept.get(), std::move(spilled));
}

const SetSpill::SpilledFile* SetSpill::spilled_file(const FileFacts* facts) const {
  const auto it = files_.find(facts);
  return it == files_.end() ? nullptr : &it->second;
}

bool SetSpill::finish(std::string* error) {
  if (!finished_) {
    finished_ = true;
    writer_.finish(&finish_error_);
  }
  if (!finish_error_.empty()) *error = finish_error_;
  return finish_error_.empty();
}

bool SetSpill::read_partitions(std::uint32_t first, std::uint32_t end, const std::function<void(Record&&)>& each,
                               std::string* error) {
  for (std::uint32_t p = first; p < end; ++p) {
    RecordFileInfo info;
    if (!read_record_file(folder_ / record_file_name(p), each, &info, error)) return false;
  }
  return true;
}

bool SetSpill::each_group(std::span<const FileFacts* const> facts,
                          const std::function<void(std::span<const FileFacts* const>)>& visit, std::string* error) {
  if (!finish(error)) return false;
  std::vector<std::size_t> member_of(files_.size(), kNoFile);  // a spilled file's id -> its index in `facts`
  for (std::size_t f = 0; f < facts.size(); ++f) {
    if (const SpilledFile* spilled = spilled_file(facts[f])) member_of[spilled->id] = f;
  }
  const std::uint64_t group_bytes = std::max<std::uint64_t>(budget_ / 4, 1);
  for (std::uint32_t first = 0; first < kPartitions;) {
    std::uint32_t end = first + 1;
    std::uint64_t records = partition_records_[first];
    while (end < kPartitions && (records + partition_records_[end]) * kBytesPerSpilledPage <= group_bytes)
      records += partition_records_[end++];
    std::vector<SpilledPage> pages;
    pages.reserve(records);
    if (!read_partitions(
            first, end, [&](Record&& r) { pages.push_back(spilled_page(r)); }, error))
      return false;
    std::sort(pages.begin(), pages.end());
    std::vector<std::unique_ptr<PageFacts>> views(facts.size());
    for (const SpilledPage& page : pages) {
      const std::size_t f = page.file < member_of.size() ? member_of[page.file] : kNoFile;
      if (f == kNoFile) continue;
      if (!views[f]) views[f] = std::make_unique<PageFacts>();
      add_spilled(page, views[f].get());
    }
    std::vector<SpilledPage>().swap(pages);
    for (std::size_t f = 0; f < facts.size(); ++f) {
      const auto* held = dynamic_cast<const PageFacts*>(facts[f]);
      if (!held || spilled_file(held)) continue;
      for (std::size_t p = 0; p < held->pages.size(); ++p) {
        const std::uint32_t partition = partition_of({held->written_key(p), 0}, kPartitions);
        if (partition < first || partition >= end) continue;
        if (!views[f]) views[f] = std::make_unique<PageFacts>();
        copy_page(*held, p, false, views[f].get());
      }
    }
    std::vector<const FileFacts*> view(facts.size());
    for (std::size_t f = 0; f < facts.size(); ++f) view[f] = views[f].get();
    visit(view);
    first = end;
  }
  return true;
}

bool SetSpill::graph_view(std::span<const FileFacts* const> facts, std::vector<const FileFacts*>* view,
                          std::string* error) {
  if (!finish(error)) return false;
  // The URLs the graph asks about: every link's target, and every page with links (its other
  // listings count as its entries).
  std::vector<std::uint64_t> wanted;
  for (const FileFacts* file : facts) {
    const auto* held = dynamic_cast<const PageFacts*>(file);
    if (!held) continue;
    for (const PageFacts::Link& link : held->links) wanted.push_back(link.target);
    for (std::size_t p = 0; p < held->pages.size(); ++p) {
      if (!held->links_of(p).empty()) wanted.push_back(held->pages[p].key());
    }
  }
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  std::vector<SpilledPage> found;
  if (!wanted.empty()) {
    const auto keep = [&](Record&& r) {
      const SpilledPage page = spilled_page(r);
      if ((page.flags & kInGraph) && !(page.flags & (kHasLinks | kLinksUnknown)) &&
          std::binary_search(wanted.begin(), wanted.end(), page.key)) {
        found.push_back(page);
      }
    };
    if (!read_partitions(0, kPartitions, keep, error)) return false;
  }
  std::sort(found.begin(), found.end());
  views_.clear();
  view->assign(facts.begin(), facts.end());
  for (std::size_t f = 0; f < facts.size(); ++f) {
    const SpilledFile* spilled = spilled_file(facts[f]);
    if (!spilled) continue;
    const auto& kept = static_cast<const PageFacts&>(*facts[f]);
    auto merged = std::make_unique<PageFacts>();
    auto next = std::lower_bound(found.begin(), found.end(), SpilledPage{spilled->id, 0});
    const auto found_end = std::lower_bound(next, found.end(), SpilledPage{spilled->id + 1, 0});
    // Both in page order: merged as the file listed them (a kept page may have been found too).
    for (std::size_t k = 0; k < spilled->kept.size() || next != found_end;) {
      const std::uint32_t kept_item = k < spilled->kept.size() ? spilled->kept[k] : UINT32_MAX;
      if (next != found_end && next->item < kept_item) {
        add_spilled(*next++, merged.get());
        continue;
      }
      if (next != found_end && next->item == kept_item) ++next;
      copy_page(kept, k++, true, merged.get());
    }
    (*view)[f] = merged.get();
    views_.push_back(std::move(merged));
  }
  return true;
}

}  // namespace sitemaplint
