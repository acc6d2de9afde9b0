#include "rules/hreflang/utils/page_facts.h"

#include <algorithm>
#include <functional>

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

PageFacts::Page& PageFacts::add_page(std::uint64_t key, std::uint32_t loc_length, bool in_graph, bool links_unknown) {
  Page& page = pages.emplace_back();
  page.key_low = static_cast<std::uint32_t>(key);
  page.key_high = static_cast<std::uint32_t>(key >> 32);
  page.length_and_flags = std::min(loc_length, Page::kLengthMask) | (in_graph ? Page::kInGraph : 0) |
                          (links_unknown ? Page::kLinksUnknown : 0);
  page.first_link = static_cast<std::uint32_t>(links.size());
  graph_pages += in_graph;
  return page;
}

void PageFacts::append(PageFacts& later) {
  const auto pages_before = static_cast<std::uint32_t>(pages.size());
  const auto links_before = static_cast<std::uint32_t>(links.size());
  for (Page& page : later.pages) page.first_link += links_before;
  for (auto& [page, key] : later.written_keys) page += pages_before;
  append_lane(pages, later.pages);
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
    // A later lane's pages are appended to the first lane's room.
    most_pages_ = later_lane_ ? 0 : most_entries(doc.bytes.size());
    // A text sitemap has no hreflang links: its pages serve only comparisons with other files.
    keeps_pages_ = !(only_input_ && doc.kind == DocumentKind::Text);
  }
  void on_url(const UrlField& url, FindingSink&) override { links_.note_url(url); }
  void walks_later_lane() override { later_lane_ = true; }
  void on_entry(const Entry& entry, FindingSink&) override;
  void absorb(Rule& later_rule, FindingSink&) override {
    std::unique_ptr<PageFacts>& later = static_cast<PageCollector&>(later_rule).facts_;
    if (!later) return;
    if (!facts_) facts_ = std::move(later);
    else facts_->append(*later);
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
  bool in_a_set_;
  bool only_input_;
  bool compact_;
  bool keeps_pages_ = true;
  bool later_lane_ = false;
  std::size_t most_pages_ = 0;
  EntryLinks links_;
  std::string scratch_;
  std::unique_ptr<PageFacts> facts_;
};

void PageCollector::on_entry(const Entry& entry, FindingSink&) {
  const std::span<const HreflangLink> links = links_.read(entry);
  if (entry.kind != EntryKind::Url || !entry.loc.present || !keeps_pages_) return;
  const UrlAnalysis& a = entry.loc_analysis();
  if (a.trimmed.empty()) return;
  const bool in_graph = is_comparable_url(a);
  const std::uint64_t written = a.same_url_key();
  // The graph keys an internationalised URL by its ASCII form, as it keys the links' targets.
  const std::uint64_t key = !in_graph ? written : links.empty() ? same_url_key(a, &scratch_) : links_.loc_key();
  const bool links_unknown = in_graph && links_.any_error();
  if (!facts_) {
    facts_ = std::make_unique<PageFacts>();
    facts_->pages.reserve(most_pages_);
  }
  const Span loc = url_span(entry.loc, a);
  PageFacts::Page& page = facts_->add_page(key, u32(loc.length), in_graph, links_unknown);
  if (key != written) facts_->written_keys.emplace_back(u32(facts_->pages.size() - 1), written);
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
