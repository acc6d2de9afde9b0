// The pages the checks across a set keep (page_facts.h), held to a memory budget: once the pages
// of the files linted so far pass their share of it, each further file's pages are written as
// Page records (set_records.h) to hash partitions in a private temporary folder and freed, and
// only what the hreflang graph needs first (the pages with links, and their links) stays. The set
// pass reads them back a group of partitions at a time for duplicate-across-sitemaps, and only
// the pages links point at for the hreflang graph.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "run/lint.h"
#include "run/set_records.h"

namespace sitemaplint {

struct PageFacts;

class SetSpill {
 public:
  // `budget`: the bytes the set pass may take (0: no limit; nothing is spilled).
  explicit SetSpill(std::uint64_t budget);
  SetSpill(const SetSpill&) = delete;
  SetSpill& operator=(const SetSpill&) = delete;
  ~SetSpill();  // removes the folder, on an error too

  // After a file is linted, from any thread: counts its pages, and spills them once the run's
  // pages are over their share of the budget. A folder or file that cannot be written leaves the
  // pages in memory (the run holds more than asked, and loses nothing) and notes the error.
  void offer(FileReport& report);

  // Whether any file's pages were spilled; the set pass needs the calls below only then.
  bool spilled() const { return !files_.empty(); }

  // Calls `visit` once per group of partitions, with the pages of every file whose URL as written
  // falls in the group (facts[f] is file f's PageFacts, as the run holds it; the view holds only
  // those pages, in page order, or nullptr where none), so that every page a URL is listed at is
  // in one view. A group's pages take about a quarter of the budget. False, with *error, when a
  // partition cannot be read back.
  bool each_group(std::span<const FileFacts* const> facts,
                  const std::function<void(std::span<const FileFacts* const>)>& visit, std::string* error);

  // The facts the hreflang graph is built of (facts[f] as above): the spilled files' pages with
  // links, and the pages without links that a link points at or that share a URL with a page with
  // links, read back from the partitions; the other files' facts as they are. Memory: the pages
  // with links, their links and their targets.
  bool graph_view(std::span<const FileFacts* const> facts, std::vector<const FileFacts*>* view, std::string* error);

 private:
  struct SpilledFile {
    std::uint32_t id = 0;
    std::vector<std::uint32_t> kept;  // the original index of each page kept in memory
  };
  const SpilledFile* spilled_file(const FileFacts* facts) const;
  bool open(std::string* error);
  bool finish(std::string* error);
  bool read_partitions(std::uint32_t first, std::uint32_t end, const std::function<void(Record&&)>& each,
                       std::string* error);

  std::uint64_t budget_;
  std::mutex mutex_;
  std::uint64_t held_ = 0;  // bytes of page facts the linted files keep in memory
  std::filesystem::path folder_;
  RecordWriter writer_;
  bool finished_ = false;
  std::string write_error_;  // why pages stopped being spilled
  std::string finish_error_;  // why the spilled pages cannot be read back
  std::vector<std::uint64_t> partition_records_;
  std::map<const FileFacts*, SpilledFile> files_;  // by the facts kept in memory in its place
  std::vector<std::unique_ptr<PageFacts>> views_;  // what graph_view made
};

}  // namespace sitemaplint
