#include "rules/hreflang/hreflang_graph.h"

#include <algorithm>
#include <tuple>

namespace sitemaplint {

HreflangGraph::HreflangGraph(const SetView& set) {
  facts_.resize(set.files.size(), nullptr);
  std::size_t pages = 0, links = 0;
  for (std::size_t f = 0; f < set.files.size(); ++f) {
    const auto* facts = static_cast<const GraphFacts*>(set.files[f].facts);
    if (!facts || facts->pages.empty()) continue;
    facts_[f] = facts;
    pages += facts->pages.size();
    links += facts->links.size();
  }
  by_loc_.reserve(pages);
  edges_.reserve(links);
  for (std::size_t f = 0; f < facts_.size(); ++f) {
    if (!facts_[f]) continue;
    ++files_with_pages_;
    for (std::size_t p = 0; p < facts_[f]->pages.size(); ++p) {
      const GraphFacts::Page& page = facts_[f]->pages[p];
      const EntryRef ref{page.loc, static_cast<std::uint32_t>(f), static_cast<std::uint32_t>(p)};
      by_loc_.push_back(ref);
      if (page.links_unknown || page.link_count == 0) continue;
      run_order_.push_back(ref);
      for (const GraphFacts::Link& link : this->links(ref)) {
        if (link.target != page.loc) edges_.push_back({page.loc, link.target});
      }
    }
  }
  std::stable_sort(by_loc_.begin(), by_loc_.end(), [](const EntryRef& a, const EntryRef& b) { return a.loc < b.loc; });
  std::sort(edges_.begin(), edges_.end());
  edges_.erase(std::unique(edges_.begin(), edges_.end()), edges_.end());
}

std::span<const GraphFacts::Link> HreflangGraph::links(const EntryRef& ref) const {
  const GraphFacts::Page& p = page(ref);
  if (p.links_unknown) return {};
  return std::span<const GraphFacts::Link>(facts_[ref.file]->links).subspan(p.first_link, p.link_count);
}

std::span<const HreflangGraph::EntryRef> HreflangGraph::entries_of(std::uint64_t url) const {
  const auto range = std::equal_range(by_loc_.begin(), by_loc_.end(), EntryRef{url, 0, 0},
                                      [](const EntryRef& a, const EntryRef& b) { return a.loc < b.loc; });
  return {range.first, range.second};
}

HreflangGraph::State HreflangGraph::state(std::uint64_t url) const {
  const std::span<const EntryRef> entries = entries_of(url);
  if (entries.empty()) return State::NotListed;
  bool annotated = false;
  for (const EntryRef& ref : entries) {
    if (page(ref).links_unknown) return State::Unknown;
    annotated |= page(ref).link_count > 0;
  }
  return annotated ? State::Annotated : State::Unannotated;
}

const HreflangGraph::EntryRef& HreflangGraph::first_entry(std::uint64_t url) const {
  const std::span<const EntryRef> entries = entries_of(url);
  for (const EntryRef& ref : entries) {
    if (page(ref).link_count > 0) return ref;
  }
  return entries.front();
}

bool HreflangGraph::links_to(std::uint64_t from, std::uint64_t to) const {
  return std::binary_search(edges_.begin(), edges_.end(), Edge{from, to});
}

std::vector<std::uint64_t> HreflangGraph::alternates_of(std::uint64_t url) const {
  const auto first = std::lower_bound(edges_.begin(), edges_.end(), Edge{url, 0});
  std::vector<std::uint64_t> out;
  for (auto it = first; it != edges_.end() && it->from == url; ++it) out.push_back(it->to);
  return out;
}

std::uint64_t HreflangGraph::own_code(const EntryRef& ref) const {
  std::uint64_t code = kNoCode;
  for (const GraphFacts::Link& link : links(ref)) {
    if (link.target != ref.loc) continue;
    if (link.code != kXDefaultCode) return link.code;
    code = link.code;
  }
  return code;
}

}  // namespace sitemaplint
