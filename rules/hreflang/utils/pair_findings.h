// Findings about a link from one page's entry (A) to another page (B), as the LANG5xx rules report
// them: in A's file, with B's entry as the related place in B's file, the message quoting B's URL
// (as A's href writes it) and naming B's entry as path:line:col, and A's <loc> as the subject a
// baseline keys on. The rule queues its findings while it walks the graph; report() reads every
// quoted text in one pass per file, then has the rule word each finding.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules/hreflang/utils/hreflang_graph.h"
#include "rules/hreflang/utils/set_sources.h"

namespace sitemaplint {

class PairFindings {
 public:
  struct Finding {
    std::size_t index = 0;  // its place in the queue, for what a rule keeps beside it
    HreflangGraph::EntryRef from, to;
    const PageFacts::Link* link = nullptr;
    std::size_t offset = 0, length = 0;  // where it goes in A's file
    std::size_t to_offset = 0;  // the place named in B's file
    bool shown = false;  // within the cap of findings per file: its texts are read
    SetSources::Handle alternate = 0, loc = 0, place = 0;
    std::vector<SetSources::Handle> quotes;  // more texts the rule asked for (shown findings only)
  };
  static constexpr std::size_t kNoPlace = static_cast<std::size_t>(-1);

  // What the rule says about one finding: its message, and the note on B's entry.
  struct Words {
    std::string message, related;
  };

  PairFindings(const SetView& set, const HreflangGraph& graph) : set_(set), graph_(graph) {}

  // Queues a finding on A's href to B; `to_offset` is the place in B's file the message names.
  // The reference is valid until the next add().
  Finding& add(const HreflangGraph::EntryRef& from, const PageFacts::Link& link, const HreflangGraph::EntryRef& to,
               std::size_t to_offset);
  // Queues a finding on A's href with no other end (its place and related note stay empty).
  Finding& add(const HreflangGraph::EntryRef& from, const PageFacts::Link& link) {
    return add(from, link, from, kNoPlace);
  }
  // Asks for a text of a file, for a finding that is shown (see Finding::quotes).
  SetSources::Handle quote(std::size_t file, std::size_t offset, std::size_t length) {
    return sources_.text(file, offset, length);
  }
  const std::string& text(SetSources::Handle h) const { return sources_[h]; }

  // Reads the texts, then reports each finding with describe(finding, alternate, place) -> Words.
  template <typename Describe>
  void report(SetSink& out, Describe describe) {
    sources_.resolve(set_, out);
    for (const Finding& f : findings_) {
      std::string subject;
      Words words;
      std::optional<RelatedLocation> related;
      if (f.shown) {  // past the cap the sink only counts findings
        words = describe(f, sources_[f.alternate], f.to_offset == kNoPlace ? std::string() : sources_[f.place]);
        subject = sources_[f.loc];
        if (f.to_offset != kNoPlace)
          related = related_place(set_, f.from.file, f.to.file, f.to_offset, std::move(words.related));
      }
      out.report(f.from.file, {.at = {f.offset, f.length},
                               .message = std::move(words.message),
                               .related = std::move(related),
                               .subject = std::move(subject)});
    }
  }

 private:
  const SetView& set_;
  const HreflangGraph& graph_;
  SetSources sources_;
  QuoteBudget budget_;
  std::vector<Finding> findings_;
};

}  // namespace sitemaplint
