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

// Collects GraphFacts from a rule's events (on_url, then on_entry). Only <url> entries with a
// usable <loc> are pages. With `all_pages`, pages without links are kept too, for the checks
// that ask whether a page is listed at all; without it a file without hreflang costs nothing.
class GraphCollector {
 public:
  GraphCollector(bool in_a_set, bool all_pages) : in_a_set_(in_a_set), all_pages_(all_pages) {}
  void on_url(const UrlField& url) {
    if (in_a_set_) links_.note_url(url);
  }
  void on_entry(const Entry& entry);
  std::unique_ptr<FileFacts> take() { return std::move(facts_); }

 private:
  bool in_a_set_, all_pages_;
  EntryLinks links_;
  std::unique_ptr<GraphFacts> facts_;
};

// What every LANG5xx rule does while a file is walked: collect its GraphFacts for on_set.
class GraphRule : public Rule {
 public:
  GraphRule(const Settings& settings, bool all_pages) : collector_(settings.collect_set_facts, all_pages) {}
  void subscribe(Subscriptions& s) const override {
    s.urls();
    s.entries();
    s.set();
  }
  void on_url(const UrlField& url, FindingSink&) override { collector_.on_url(url); }
  void on_entry(const Entry& entry, FindingSink&) override { collector_.on_entry(entry); }
  std::unique_ptr<FileFacts> take_facts() override { return collector_.take(); }

 private:
  GraphCollector collector_;
};

}  // namespace sitemaplint
