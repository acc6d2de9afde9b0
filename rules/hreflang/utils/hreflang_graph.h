// The hreflang graph of a whole run, built in on_set from every file's PageFacts: pages (one
// per distinct normalised <loc>, merging the entries that list the same URL) and which page links
// which. Sorted vectors of keys, so a run of millions of links stays in a few bytes per link.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "rules/hreflang/utils/page_facts.h"

namespace sitemaplint {

// What every LANG5xx rule shares: the page collector's facts in its on_set.
class GraphRule : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.set(&make_page_collector); }
};

class HreflangGraph {
 public:
  explicit HreflangGraph(const SetView& set);
  // The graph of `set`, made once for every rule that asks for it.
  static std::shared_ptr<const HreflangGraph> of(const SetView& set);

  // One entry (a page's <url>) of one file of the run.
  struct EntryRef {
    std::uint64_t loc = 0;
    std::uint32_t file = 0, page = 0;
  };
  const PageFacts::Page& page(const EntryRef& ref) const { return facts_[ref.file]->pages[ref.page]; }
  std::span<const PageFacts::Link> links(const EntryRef& ref) const;

  // The entries whose <loc> is `url`, in run order.
  std::span<const EntryRef> entries_of(std::uint64_t url) const;

  enum class State {
    NotListed,  // no sitemap of the run lists it
    Unknown,  // an entry of it has a link-level error: its links are not known
    Unannotated,  // listed, without any hreflang link
    Annotated,  // listed with links
  };
  State state(std::uint64_t url) const;
  // The first of its entries that has links (state Annotated), else its first entry.
  const EntryRef& first_entry(std::uint64_t url) const;

  // Whether some entry of `from` links to `to` (links to itself are not counted).
  bool links_to(std::uint64_t from, std::uint64_t to) const;
  // What `url`'s entries link to, itself excluded, sorted and without repeats; and how many.
  std::vector<std::uint64_t> alternates_of(std::uint64_t url) const;
  std::size_t alternate_count(std::uint64_t url) const;
  // A digest of `url`'s cluster (its alternates and itself): equal clusters, equal digests, so
  // comparing two clusters costs nothing unless they differ.
  std::uint64_t cluster_digest(std::uint64_t url) const;

  // Every link of `url`'s entries (those whose links are known): fn(entry, link).
  template <typename Fn>
  void for_each_link_of(std::uint64_t url, Fn fn) const {
    for (const EntryRef& ref : entries_of(url)) {
      for (const PageFacts::Link& link : links(ref)) fn(ref, link);
    }
  }
  // The code an entry gives its own page: of a link to itself, preferring a language to
  // x-default; kNoCode when it lists no link to itself.
  std::uint64_t own_code(const EntryRef& ref) const;

  // Every link of every entry whose links are known, in run order, skipping links to the entry's
  // own page and repeats of a target within one entry: fn(entry, link).
  template <typename Fn>
  void for_each_alternate(Fn fn) const {
    std::vector<std::uint64_t> targets;
    std::vector<std::size_t> firsts, order;
    for (const EntryRef& ref : run_order_) {
      const std::span<const PageFacts::Link> all = links(ref);
      targets.clear();
      for (const PageFacts::Link& link : all) targets.push_back(link.target);
      find_first_occurrences<std::uint64_t>(targets, &firsts, &order);
      for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].target != ref.loc && firsts[i] == i) fn(ref, all[i]);
      }
    }
  }

  // Whether the links to `target` are this graph's to judge: all of them, unless it is one
  // partition of a sharded set's graph (PageFacts::graph_partitions), which holds every page
  // those links concern and judges no other link.
  bool judges(std::uint64_t target) const {
    return partitions_ == 0 || graph_partition_of(target, partitions_) == partition_;
  }

  // How many files of the run list pages (a urlset, a text sitemap or a feed).
  std::size_t files_with_pages() const { return files_with_pages_; }

 private:
  // A page: its entries in by_loc_ and its links in edges_, with what state() says of it.
  struct Node {
    std::uint64_t url = 0;
    std::uint32_t first_entry = 0, entries = 0;
    std::uint32_t first_edge = 0, edges = 0;
    std::uint32_t shown_entry = 0;  // first_entry()'s answer, an index into by_loc_
    std::uint64_t digest = 0;  // cluster_digest()'s answer
    State state = State::NotListed;
  };
  const Node* node(std::uint64_t url) const;

  std::vector<const PageFacts*> facts_;  // by file; nullptr for a file without pages
  std::vector<EntryRef> run_order_;  // the entries with known links, file by file
  std::vector<EntryRef> by_loc_;  // every entry, sorted by (loc, file, page)
  struct Edge {
    std::uint64_t from, to;
    bool operator<(const Edge& o) const { return from != o.from ? from < o.from : to < o.to; }
    bool operator==(const Edge& o) const = default;
  };
  std::vector<Edge> edges_;  // sorted, without repeats
  std::vector<Node> nodes_;  // in by_loc_ order
  // Open addressing over the keys (already hashes): node index + 1, 0 for an empty slot.
  std::vector<std::uint32_t> slots_;
  std::size_t files_with_pages_ = 0;
  std::uint32_t partition_ = 0, partitions_ = 0;
};

}  // namespace sitemaplint
