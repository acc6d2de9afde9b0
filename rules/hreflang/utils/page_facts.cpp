#include "rules/hreflang/utils/page_facts.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <utility>

#include "analysis/same_url.h"
#include "rules/lane_state.h"
#include "rules/rule_support.h"

namespace sitemaplint {

std::uint64_t PageFacts::written_key(std::size_t i) const {
  const auto it =
      std::lower_bound(written_keys.begin(), written_keys.end(), std::pair<std::uint32_t, std::uint64_t>(i, 0));
  return it != written_keys.end() && it->first == i ? it->second : pages[i].key();
}

std::span<const PageFacts::Link> PageFacts::links_of(std::size_t i) const {
  const std::size_t end = i + 1 < pages.size() ? pages[i + 1].first_link : links.size();
  return std::span<const Link>(links).subspan(pages[i].first_link, end - pages[i].first_link);
}

PageFacts::Page PageFacts::make_page(std::uint64_t key, std::uint32_t loc_length, bool in_graph, bool links_unknown,
                                     std::uint32_t first_link) {
  Page page;
  page.key_low = static_cast<std::uint32_t>(key);
  page.key_high = static_cast<std::uint32_t>(key >> 32);
  page.length_and_flags = std::min(loc_length, Page::kLengthMask) | (in_graph ? Page::kInGraph : 0) |
                          (links_unknown ? Page::kLinksUnknown : 0);
  page.first_link = first_link;
  return page;
}

PageFacts::Page& PageFacts::add_page(std::uint64_t key, std::uint32_t loc_length, bool in_graph, bool links_unknown) {
  graph_pages += in_graph;
  // Written whole: the room's allocator leaves an element made without a value unwritten.
  return pages.emplace_back(
      make_page(key, loc_length, in_graph, links_unknown, static_cast<std::uint32_t>(links.size())));
}

void PageFacts::append(PageFacts& later, std::span<Page> written) {
  const auto pages_before = static_cast<std::uint32_t>(pages.size());
  const auto links_before = static_cast<std::uint32_t>(links.size());
  std::span<Page> added = written.empty() ? std::span<Page>(later.pages) : written;
  for (Page& page : added) page.first_link += links_before;
  for (auto& [page, key] : later.written_keys) page += pages_before;
  Page* const end = pages.data() + pages.size();
  if (written.empty()) {
    append_lane(pages, later.pages);
  } else if (const auto at = [](const Page* p) { return reinterpret_cast<std::uintptr_t>(p); };
             at(written.data()) >= at(end) &&
             at(written.data() + written.size()) <= at(pages.data() + pages.capacity())) {
    // Moved down past the pages before, in the room they are in (memory touched already); they are
    // there already when the lanes before had a page for each of their entries.
    if (written.data() != end) std::memmove(static_cast<void*>(end), written.data(), written.size_bytes());
    pages.resize(pages.size() + written.size());  // counts them in; writes nothing (analysis/huge_pages.h)
  } else {  // written into a room these pages have left
    pages.insert(pages.end(), written.begin(), written.end());
  }
  append_lane(links, later.links);
  append_lane(written_keys, later.written_keys);
  graph_pages += later.graph_pages;
}

namespace {

std::uint32_t u32(std::size_t n) { return static_cast<std::uint32_t>(n); }

class PageCollector final : public Rule {
 public:
  explicit PageCollector(const RuleSettings& settings)
      : in_a_set_(settings.collect_set_facts), only_input_(settings.only_input), compact_(!settings.sole_input) {}
  void subscribe(Subscriptions& s) const override {
    if (!in_a_set_) return;
    s.document();
    s.urls({UrlFieldKind::HreflangHref});  // EntryLinks notes the links' URLs
    s.entries();
  }
  void on_document(const Document& doc, FindingSink&) override {
    // A text sitemap has no hreflang links: its pages serve only comparisons with other files.
    keeps_pages_ = !(only_input_ && doc.kind == DocumentKind::Text);
    if (later_lane_ || !keeps_pages_) return;
    // Room for as many pages as the file can hold, so that they are never copied to grow; the later
    // lanes write theirs into it too (walks_later_lane). Room not used is address space only.
    reserved_.reserve(most_entries(doc.bytes.size()));
    room_ = reserved_.data();
    room_size_ = reserved_.capacity();
  }
  void on_url(const UrlField& url, FindingSink&) override { links_.note_url(url); }
  // A later lane writes its pages into the first lane's room, from the place of its first entry
  // among the document's: each lane's pages then lie past those of the lanes before (a lane has at
  // most a page an entry), so the fold moves none of them when every entry had one, and only down
  // otherwise, in memory touched already. Grown in a vector of its own, then copied, they were a
  // third of the page faults of a 10 MB file at --jobs 2.
  void walks_later_lane(Rule& first) override {
    later_lane_ = true;
    const auto& first_lane = static_cast<const PageCollector&>(first);
    room_ = first_lane.room_;
    room_size_ = first_lane.room_size_;
  }
  void on_entry(const Entry& entry, FindingSink&) override;
  void absorb(Rule& later_rule, FindingSink&) override {
    auto& later = static_cast<PageCollector&>(later_rule);
    if (!later.facts_) return;
    const std::span<PageFacts::Page> written =
        later.room_ ? std::span<PageFacts::Page>(later.room_ + later.base_, later.written_)
                    : std::span<PageFacts::Page>();
    if (!facts_ && written.empty()) {
      facts_ = std::move(later.facts_);
      return;
    }
    make_facts();
    facts_->append(*later.facts_, written);
  }
  std::unique_ptr<FileFacts> take_facts() override {
    // Kept until the run ends: with other files to come, without the room reserved for pages
    // (address space only, but a site's worth of it). The run's only file keeps it: copying its
    // pages would touch as much memory again.
    if (facts_ && compact_) {
      facts_->pages.shrink_to_fit();
      facts_->links.shrink_to_fit();
    }
    return std::move(facts_);
  }

 private:
  using Pages = decltype(PageFacts::pages);
  static constexpr std::size_t kNoEntry = std::numeric_limits<std::size_t>::max();
  void make_facts() {
    if (facts_) return;
    facts_ = std::make_unique<PageFacts>();
    facts_->pages = std::move(reserved_);  // the same room, still where room_ says
  }
  // Places `page` and says where, with its index among the lane's pages.
  std::pair<PageFacts::Page*, std::uint32_t> place(const PageFacts::Page& page, bool in_graph);

  bool in_a_set_;
  bool only_input_;
  bool compact_;
  bool keeps_pages_ = true;
  bool later_lane_ = false;
  // The first lane's room for pages: reserved_ until its facts are made, then their pages. Should
  // the first lane's own pages ever outgrow it, the room is kept as it was (retired_), since the
  // later lanes may have written into it.
  Pages reserved_, retired_;
  PageFacts::Page* room_ = nullptr;  // null: none (a later lane past its end writes its own)
  std::size_t room_size_ = 0;
  std::size_t base_ = kNoEntry;  // a later lane's first entry's place among the document's
  std::size_t written_ = 0;  // a later lane's pages written into the room, from base_
  EntryLinks links_;
  std::string scratch_;
  std::unique_ptr<PageFacts> facts_;
};

std::pair<PageFacts::Page*, std::uint32_t> PageCollector::place(const PageFacts::Page& page, bool in_graph) {
  if (later_lane_ && room_) {
    if (base_ + written_ < room_size_) {
      facts_->graph_pages += in_graph;
      room_[base_ + written_] = page;
      return {&room_[base_ + written_], u32(written_++)};
    }
    // Past the room's end: the lane's pages go on in its own vector.
    facts_->pages.insert(facts_->pages.end(), room_ + base_, room_ + base_ + written_);
    room_ = nullptr;
    written_ = 0;
  } else if (!later_lane_ && room_ && facts_->pages.size() == facts_->pages.capacity()) {
    Pages grown;
    grown.reserve(2 * facts_->pages.capacity() + 1);
    grown.insert(grown.end(), facts_->pages.begin(), facts_->pages.end());
    retired_ = std::exchange(facts_->pages, std::move(grown));
  }
  facts_->graph_pages += in_graph;
  facts_->pages.push_back(page);
  return {&facts_->pages.back(), u32(facts_->pages.size() - 1)};
}

void PageCollector::on_entry(const Entry& entry, FindingSink&) {
  if (base_ == kNoEntry) base_ = entry.index;
  const std::span<const HreflangLink> links = links_.read(entry);
  if (entry.kind != EntryKind::Url || !entry.loc.present || !keeps_pages_) return;
  const UrlAnalysis& a = entry.loc_analysis();
  if (a.trimmed.empty()) return;
  const bool in_graph = is_comparable_url(a);
  const std::uint64_t written = a.same_url_key();
  // The graph keys an internationalised URL by its ASCII form, as it keys the links' targets.
  const std::uint64_t key = !in_graph ? written : links.empty() ? same_url_key(a, &scratch_) : links_.loc_key();
  const bool links_unknown = in_graph && links_.any_error();
  make_facts();
  const Span loc = url_span(entry.loc, a);
  const auto [placed, index] =
      place(PageFacts::make_page(key, u32(loc.length), in_graph, links_unknown, u32(facts_->links.size())), in_graph);
  PageFacts::Page& page = *placed;
  if (key != written) facts_->written_keys.emplace_back(index, written);
  // A URL in normal form is keyed by the hash of its text as written: no second hash.
  page.as_written = static_cast<std::uint32_t>(a.normal_form ? written : url_key(a.trimmed));
  page.url_offset = u32(entry.element->offset);
  page.loc_offset = u32(loc.offset);
  if (!in_graph || links_unknown) return;
  for (const HreflangLink& link : links) {
    PageFacts::Link& fact = facts_->links.emplace_back();
    fact.target = link.target;
    fact.code = link.code_key;
    const Span href = url_span(link.href->value, *link.href_analysis);
    fact.href_offset = u32(href.offset);
    fact.href_length = u32(href.length);
    const Span code = value_span(link.hreflang->value);
    fact.code_offset = u32(code.offset);
    fact.code_length = u32(code.length);
  }
}

}  // namespace

std::unique_ptr<Rule> make_page_collector(const RuleSettings& settings) {
  return std::make_unique<PageCollector>(settings);
}

}  // namespace sitemaplint
