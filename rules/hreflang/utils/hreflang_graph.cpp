#include "rules/hreflang/utils/hreflang_graph.h"

#include <algorithm>
#include <mutex>

namespace sitemaplint {
namespace {

// splitmix64's finaliser: keys summed after mixing do not cancel out as plain sums might.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A set of URL keys (already hashes), open addressing: which pages the graph holds.
class KeySet {
 public:
  explicit KeySet(std::size_t most) {
    std::size_t size = 16;
    while (size < most * 2) size *= 2;
    slots_.assign(size, 0);
  }
  void insert(std::uint64_t key) {
    if (key == 0) {
      has_zero_ = true;
      return;
    }
    std::size_t slot = key & (slots_.size() - 1);
    while (slots_[slot] != 0 && slots_[slot] != key) slot = (slot + 1) & (slots_.size() - 1);
    slots_[slot] = key;
  }
  bool contains(std::uint64_t key) const {
    if (key == 0) return has_zero_;
    for (std::size_t slot = key & (slots_.size() - 1); slots_[slot] != 0; slot = (slot + 1) & (slots_.size() - 1)) {
      if (slots_[slot] == key) return true;
    }
    return false;
  }

 private:
  std::vector<std::uint64_t> slots_;  // 0: empty
  bool has_zero_ = false;
};

}  // namespace

HreflangGraph::HreflangGraph(const SetView& set) {
  facts_.resize(set.files.size(), nullptr);
  std::size_t links = 0;
  for (std::size_t f = 0; f < set.files.size(); ++f) {
    const auto* facts = static_cast<const PageFacts*>(set.files[f].facts);
    if (!facts || facts->graph_pages == 0) continue;
    facts_[f] = facts;
    partition_ = facts->graph_partition;
    partitions_ = facts->graph_partitions;
    links += facts->links.size();
  }
  slots_.assign(16, 0);
  if (links == 0) {
    // No link anywhere in the run: every question the rules ask is about a link's ends, so the
    // pages need no index (five rules would each sort every page of a large site for nothing).
    for (const PageFacts* facts : facts_) files_with_pages_ += facts != nullptr;
    return;
  }
  // The pages the rules ask about: those with links and those linked to. A site's other pages
  // (most of them, when a few sections carry hreflang) need no place in the graph.
  edges_.reserve(links);
  for (std::size_t f = 0; f < facts_.size(); ++f) {
    if (!facts_[f]) continue;
    ++files_with_pages_;
    for (std::size_t p = 0; p < facts_[f]->pages.size(); ++p) {
      const PageFacts::Page& page = facts_[f]->pages[p];
      if (!page.in_graph()) continue;
      const EntryRef ref{page.key(), static_cast<std::uint32_t>(f), static_cast<std::uint32_t>(p)};
      const std::span<const PageFacts::Link> links = this->links(ref);
      if (links.empty()) continue;
      run_order_.push_back(ref);
      for (const PageFacts::Link& link : links) {
        if (link.target != ref.loc) edges_.push_back({ref.loc, link.target});
      }
    }
  }
  KeySet wanted(run_order_.size() + edges_.size());
  for (const EntryRef& ref : run_order_) wanted.insert(ref.loc);
  for (const Edge& edge : edges_) wanted.insert(edge.to);
  // Every entry of a wanted page: one without links may still make its page's state Unknown.
  for (std::size_t f = 0; f < facts_.size(); ++f) {
    if (!facts_[f]) continue;
    for (std::size_t p = 0; p < facts_[f]->pages.size(); ++p) {
      const PageFacts::Page& page = facts_[f]->pages[p];
      if (page.in_graph() && wanted.contains(page.key()))
        by_loc_.push_back({page.key(), static_cast<std::uint32_t>(f), static_cast<std::uint32_t>(p)});
    }
  }
  // By URL, then in run order: entries_of() lists a page's entries file by file.
  std::sort(by_loc_.begin(), by_loc_.end(), [](const EntryRef& a, const EntryRef& b) {
    return a.loc != b.loc ? a.loc < b.loc : a.file != b.file ? a.file < b.file : a.page < b.page;
  });
  std::sort(edges_.begin(), edges_.end());
  edges_.erase(std::unique(edges_.begin(), edges_.end()), edges_.end());

  // One node per page (by_loc_ is sorted by URL, so nodes_ is too), with its state and the entry
  // messages name: its first with links, else its first.
  for (std::size_t i = 0; i < by_loc_.size();) {
    Node n;
    n.url = by_loc_[i].loc;
    n.first_entry = n.shown_entry = static_cast<std::uint32_t>(i);
    bool annotated = false, unknown = false;
    for (; i < by_loc_.size() && by_loc_[i].loc == n.url; ++i) {
      const bool linked = !this->links(by_loc_[i]).empty();
      unknown |= page(by_loc_[i]).links_unknown();
      if (linked && !annotated) n.shown_entry = static_cast<std::uint32_t>(i);
      annotated |= linked;
    }
    n.entries = static_cast<std::uint32_t>(i) - n.first_entry;
    n.state = unknown ? State::Unknown : annotated ? State::Annotated : State::Unannotated;
    nodes_.push_back(n);
  }
  // Each node's edges: both lists are sorted by URL, so one walk pairs them. The digest of a
  // cluster is a sum of mixed keys, which does not depend on the order of its members.
  std::size_t e = 0;
  for (Node& n : nodes_) {
    while (e < edges_.size() && edges_[e].from < n.url) ++e;
    n.first_edge = static_cast<std::uint32_t>(e);
    n.digest = mix(n.url);
    for (; e < edges_.size() && edges_[e].from == n.url; ++e) n.digest += mix(edges_[e].to);
    n.edges = static_cast<std::uint32_t>(e) - n.first_edge;
  }
  std::size_t size = 16;
  while (size < nodes_.size() * 2) size *= 2;
  slots_.assign(size, 0);
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    std::size_t slot = nodes_[i].url & (size - 1);
    while (slots_[slot] != 0) slot = (slot + 1) & (size - 1);
    slots_[slot] = static_cast<std::uint32_t>(i + 1);
  }
}

std::shared_ptr<const HreflangGraph> HreflangGraph::of(const SetView& set) {
  std::vector<const FileFacts*> files;
  const PageFacts* holder = nullptr;
  for (const SetFile& file : set.files) {
    files.push_back(file.facts);
    if (!holder) holder = static_cast<const PageFacts*>(file.facts);
  }
  if (!holder) return std::make_shared<const HreflangGraph>(set);
  // Set rules may run on several threads; the first to ask makes the graph, the others wait.
  static std::mutex making;
  const std::lock_guard<std::mutex> lock(making);
  if (!holder->graph || holder->graph_files != files) {
    holder->graph = std::make_shared<const HreflangGraph>(set);
    holder->graph_files = std::move(files);
  }
  return holder->graph;
}

const HreflangGraph::Node* HreflangGraph::node(std::uint64_t url) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t slot = url & mask; slots_[slot] != 0; slot = (slot + 1) & mask) {
    const Node& n = nodes_[slots_[slot] - 1];
    if (n.url == url) return &n;
  }
  return nullptr;
}

std::span<const PageFacts::Link> HreflangGraph::links(const EntryRef& ref) const {
  if (page(ref).links_unknown()) return {};
  return facts_[ref.file]->links_of(ref.page);
}

std::span<const HreflangGraph::EntryRef> HreflangGraph::entries_of(std::uint64_t url) const {
  const Node* n = node(url);
  if (!n) return {};
  return std::span<const EntryRef>(by_loc_).subspan(n->first_entry, n->entries);
}

HreflangGraph::State HreflangGraph::state(std::uint64_t url) const {
  const Node* n = node(url);
  return n ? n->state : State::NotListed;
}

const HreflangGraph::EntryRef& HreflangGraph::first_entry(std::uint64_t url) const {
  return by_loc_[node(url)->shown_entry];
}

bool HreflangGraph::links_to(std::uint64_t from, std::uint64_t to) const {
  const Node* n = node(from);
  if (!n) return false;
  const auto first = edges_.begin() + n->first_edge;
  return std::binary_search(first, first + n->edges, Edge{from, to});
}

std::vector<std::uint64_t> HreflangGraph::alternates_of(std::uint64_t url) const {
  std::vector<std::uint64_t> out;
  const Node* n = node(url);
  if (!n) return out;
  for (std::uint32_t e = n->first_edge; e < n->first_edge + n->edges; ++e) out.push_back(edges_[e].to);
  return out;
}

std::size_t HreflangGraph::alternate_count(std::uint64_t url) const {
  const Node* n = node(url);
  return n ? n->edges : 0;
}

std::uint64_t HreflangGraph::cluster_digest(std::uint64_t url) const {
  const Node* n = node(url);
  return n ? n->digest : mix(url);
}

std::uint64_t HreflangGraph::own_code(const EntryRef& ref) const {
  std::uint64_t code = kNoCode;
  for (const PageFacts::Link& link : links(ref)) {
    if (link.target != ref.loc) continue;
    if (link.code != kXDefaultCode) return link.code;
    code = link.code;
  }
  return code;
}

}  // namespace sitemaplint
