#include "rules/hreflang/utils/pair_findings.h"

namespace sitemaplint {

PairFindings::Finding& PairFindings::add(const HreflangGraph::EntryRef& from, const PageFacts::Link& link,
                                         const HreflangGraph::EntryRef& to, std::size_t to_offset) {
  Finding& f = findings_.emplace_back();
  f.index = findings_.size() - 1;
  f.from = from;
  f.to = to;
  f.link = &link;
  f.offset = link.href_offset;
  f.length = link.href_length;
  f.to_offset = to_offset;
  f.shown = budget_.admit(from.file);
  if (f.shown) {
    const PageFacts::Page& page = graph_.page(from);
    f.alternate = sources_.text(from.file, link.href_offset, link.href_length);
    f.loc = sources_.text(from.file, page.loc_offset, page.loc_length());
    if (to_offset != kNoPlace) f.place = sources_.place(to.file, to_offset);
  }
  return f;
}

}  // namespace sitemaplint
