// What each file tells the hreflang checks across a run (LANG5xx): its pages and their links, as
// 64-bit keys of normalised URLs, packed codes and offsets, never as text, so a set of millions of
// links stays small. The messages read the few texts they quote back from the files.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/hreflang/hreflang_link.h"

namespace sitemaplint {

struct GraphFacts final : FileFacts {
  struct Page {
    std::uint64_t loc = 0;  // same_url key of its <loc>
    std::uint32_t url_offset = 0;  // its <url> start tag
    std::uint32_t loc_offset = 0, loc_length = 0;  // its <loc> value
    std::uint32_t first_link = 0, link_count = 0;  // into `links`
    bool links_unknown = false;  // a link-level error: its links are not recorded
  };
  struct Link {
    std::uint64_t target = 0;  // same_url key of its href
    std::uint64_t code = kNoCode;
    std::uint32_t href_offset = 0, href_length = 0;
    std::uint32_t code_offset = 0, code_length = 0;  // the hreflang value
  };
  std::vector<Page> pages;  // in document order
  std::vector<Link> links;
};

// The collector the LANG5xx rules share (Subscriptions::set): one per file, however many of them
// run. It keeps every <url> with a usable <loc> as a page (pages without links too: a link's
// target may be listed without annotations), and the links of entries without link-level errors.
// Outside a set (the language server, a single document linted alone) it keeps nothing.
std::unique_ptr<Rule> make_graph_collector(const Settings& settings);

// What every LANG5xx rule shares: the collector's facts in its on_set.
class GraphRule : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.set(&make_graph_collector); }
};

}  // namespace sitemaplint
