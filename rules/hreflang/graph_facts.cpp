#include "rules/hreflang/graph_facts.h"

#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

std::uint32_t u32(std::size_t n) { return static_cast<std::uint32_t>(n); }

}  // namespace

void GraphCollector::on_entry(const Entry& entry) {
  if (!in_a_set_) return;
  const std::span<const HreflangLink> links = links_.read(entry);
  if (links.empty() && !all_pages_) return;
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

}  // namespace sitemaplint
