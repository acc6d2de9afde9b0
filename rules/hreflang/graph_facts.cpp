#include "rules/hreflang/graph_facts.h"

#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

std::uint32_t u32(std::size_t n) { return static_cast<std::uint32_t>(n); }

class GraphCollector final : public Rule {
 public:
  explicit GraphCollector(const Settings& settings) : in_a_set_(settings.collect_set_facts) {}
  void subscribe(Subscriptions& s) const override {
    if (!in_a_set_) return;
    s.urls({UrlFieldKind::HreflangHref});  // EntryLinks notes the links' URLs
    s.entries();
  }
  void on_url(const UrlField& url, FindingSink&) override { links_.note_url(url); }
  void on_entry(const Entry& entry, FindingSink&) override;
  std::unique_ptr<FileFacts> take_facts() override { return std::move(facts_); }

 private:
  bool in_a_set_;
  EntryLinks links_;
  std::unique_ptr<GraphFacts> facts_;
};

void GraphCollector::on_entry(const Entry& entry, FindingSink&) {
  const std::span<const HreflangLink> links = links_.read(entry);
  if (entry.kind != EntryKind::Url || !entry.loc.present) return;
  std::uint64_t loc = links_.loc_key();
  if (links.empty()) {
    const UrlAnalysis& a = entry.loc_analysis();
    if (!is_comparable_url(a)) return;
    thread_local std::string scratch;
    loc = same_url_key(a, &scratch);
  } else if (!links_.loc_usable()) {
    return;
  }
  if (!facts_) facts_ = std::make_unique<GraphFacts>();
  GraphFacts::Page& page = facts_->pages.emplace_back();
  page.loc = loc;
  page.url_offset = u32(entry.element->offset);
  const SourceSpan loc_span = url_span(entry.loc, entry.loc_analysis());
  page.loc_offset = u32(loc_span.offset);
  page.loc_length = u32(loc_span.length);
  page.first_link = u32(facts_->links.size());
  page.links_unknown = links_.any_error();
  if (page.links_unknown) return;
  for (const HreflangLink& link : links) {
    GraphFacts::Link& fact = facts_->links.emplace_back();
    fact.target = link.target;
    fact.code = link.code_key;
    const SourceSpan href = url_span(link.href->value, *link.href_analysis);
    fact.href_offset = u32(href.offset);
    fact.href_length = u32(href.length);
    const Span code = value_span(link.hreflang->value);
    fact.code_offset = u32(code.offset);
    fact.code_length = u32(code.length);
  }
  page.link_count = u32(links.size());
}

}  // namespace

std::unique_ptr<Rule> make_graph_collector(const Settings& settings) { return std::make_unique<GraphCollector>(settings); }

}  // namespace sitemaplint
