// What each file tells the rules that look across a run: its pages (SM803 compares their URLs
// across files, the hreflang graph of LANG5xx joins them) and their hreflang links, as 64-bit
// keys of normalised URLs, packed codes and offsets, never as text, so a site of millions of URLs
// stays small. The messages read the few texts they quote back from the files.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "analysis/huge_pages.h"
#include "rules/hreflang/utils/hreflang_link.h"

namespace sitemaplint {

class HreflangGraph;

struct PageFacts final : FileFacts {
  // 28 bytes a <url> (no padding: the key is kept as two halves), kept for every file of a run
  // until it ends: a site of 2,000,000 URLs keeps 56 MB.
  class Page {
   public:
    // same_url key of its <loc>; for an internationalised URL, of the ASCII form that hreflang
    // targets are keyed by (written_key() has the other).
    std::uint64_t key() const { return std::uint64_t{key_high} << 32 | key_low; }
    std::uint32_t as_written = 0;  // a hash of the <loc> as written (trimmed): tells an exact repeat
    std::uint32_t url_offset = 0;  // its <url> start tag (inputs are at most 1 GiB long)
    std::uint32_t loc_offset = 0;  // its <loc> value
    std::uint32_t first_link = 0;  // into `links`; its links run to the next page's first_link
    std::uint32_t loc_length() const { return length_and_flags & kLengthMask; }
    // Whether the hreflang graph takes it: a comparable <loc>, and its links read without a
    // link-level error when it has any.
    bool in_graph() const { return (length_and_flags & kInGraph) != 0; }
    bool links_unknown() const { return (length_and_flags & kLinksUnknown) != 0; }  // not recorded

   private:
    friend struct PageFacts;
    static constexpr std::uint32_t kInGraph = 1u << 31, kLinksUnknown = 1u << 30, kLengthMask = kLinksUnknown - 1;
    std::uint32_t key_low = 0, key_high = 0;
    std::uint32_t length_and_flags = 0;
  };
  struct Link {
    std::uint64_t target = 0;  // same_url key of its href
    std::uint64_t code = kNoCode;
    std::uint32_t href_offset = 0, href_length = 0;
    std::uint32_t code_offset = 0, code_length = 0;  // the hreflang value
  };
  // Every <url> with a <loc>, in document order; written front to back into room reserved for the
  // most a file can hold, in a huge-page room from 512 KiB (analysis/huge_pages.h).
  std::vector<Page, HugeRoomAllocator<Page>> pages;
  std::vector<Link> links;
  std::uint32_t graph_pages = 0;  // how many pages are in_graph()
  // The pages whose written URL has another key than key() (internationalised ones, keyed in
  // ASCII for the graph): (page, key of the URL as written), by page.
  std::vector<std::pair<std::uint32_t, std::uint64_t>> written_keys;

  // The key of page `i`'s URL as written, which duplicate checks compare (as duplicate-loc does).
  std::uint64_t written_key(std::size_t i) const;
  std::span<const Link> links_of(std::size_t i) const;

  // A page, its links to come at `first_link` (the other offsets are the caller's to set).
  static Page make_page(std::uint64_t key, std::uint32_t loc_length, bool in_graph, bool links_unknown,
                        std::uint32_t first_link);
  Page& add_page(std::uint64_t key, std::uint32_t loc_length, bool in_graph, bool links_unknown);
  // Appends the pages of the entries after these (a later lane's, Rule::absorb): `later`'s own, or,
  // where it wrote them into these pages' room past their end, `written` (which then lie at or
  // after the end of these pages' room; they are moved down to the end, if not there already).
  void append(PageFacts& later, std::span<Page> written = {});

  // Set on every file's facts by a merge step that checks one partition of a sharded set
  // (set_shard.h): the graph then judges only the links whose target falls in partition
  // `graph_partition` of `graph_partitions` (graph_partition_of), and holds only the pages those
  // links concern. 0 partitions: every link is judged.
  std::uint32_t graph_partition = 0, graph_partitions = 0;

  // The hreflang graph of the set whose first file with facts this is, made by the first LANG5xx
  // rule that asks (HreflangGraph::of) and kept for the others, with the set's facts it was made
  // of: each of the five rules built one, a tenth of a run's instructions on a file with hreflang.
  mutable std::shared_ptr<const HreflangGraph> graph;
  mutable std::vector<const FileFacts*> graph_files;
};

// The partition of the hreflang graph that judges the links to the page keyed `target`: the
// graph's keys are hashes, so their remainder spreads the pages evenly.
inline std::uint32_t graph_partition_of(std::uint64_t target, std::uint32_t partitions) {
  return static_cast<std::uint32_t>(target % partitions);
}

// The collector SM803 and the LANG5xx rules share (Subscriptions::set): one per file, however
// many of them run. It keeps every <url> with a <loc> as a page (pages without links too: a
// link's target may be listed without annotations), and the links of entries without link-level
// errors. Outside a set (the language server, a single document linted alone) it keeps nothing.
std::unique_ptr<Rule> make_page_collector(const RuleSettings& settings);

}  // namespace sitemaplint
