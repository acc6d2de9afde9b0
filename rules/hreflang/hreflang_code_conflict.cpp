// LANG504 hreflang-code-conflict: page A labels alternate B with one code, B's own entry labels
// itself with another.
#include <algorithm>
#include <unordered_map>

#include "rules/hreflang/utils/pair_findings.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A page labels an alternate with another code than the alternate gives itself",
                         .docs = R"md(
## What it does
Across every file linted together, reports a link from page A that labels alternate B with an
`hreflang` code (`en`) when B's own entry labels itself with other codes only (`en-GB`). Codes
are compared in their canonical case; `x-default` links are not compared. The finding is on A's
`hreflang`; the message names B's self link (file, line and column).

## Why it matters
Each version of a page should carry the same cluster, with the same code for each URL. When the
pages disagree about a page's language or region, search engines have to guess which one to
show to whom.

## Example
```text
sitemap.xml:  <url><loc>https://example.com/uk/</loc>  en-GB -> /uk/, de -> /de/</url>
              <url><loc>https://example.com/de/</loc>  de -> /de/, en -> /uk/</url>
```

## Use instead
```text
sitemap.xml:  <url><loc>https://example.com/uk/</loc>  en-GB -> /uk/, de -> /de/</url>
              <url><loc>https://example.com/de/</loc>  de -> /de/, en-GB -> /uk/</url>
```
)md",
                         .authorities = kGoogle | kAdvice};

class HreflangCodeConflict final : public GraphRule {
 public:
  void on_set(const SetView& set, SetSink& out) override {
    const std::shared_ptr<const HreflangGraph> shared = HreflangGraph::of(set);
    const HreflangGraph& graph = *shared;
    PairFindings findings(set, graph);
    std::vector<std::uint64_t> own_codes;  // by finding
    // How each page's own entries label it: its self links' codes, x-default aside (looked up once
    // per page, however many pages link it).
    struct SelfCodes {
      std::vector<std::uint64_t> codes;
      const PageFacts::Link* first = nullptr;
      HreflangGraph::EntryRef where;
    };
    std::unordered_map<std::uint64_t, SelfCodes> self_codes;
    const auto self_codes_of = [&](std::uint64_t page) -> const SelfCodes& {
      const auto [at, added] = self_codes.try_emplace(page);
      // A reference, not the binding, goes into the lambda: clang before 16 cannot capture
      // structured bindings (the fuzz build uses clang-14).
      SelfCodes& self = at->second;
      if (added) {
        graph.for_each_link_of(page, [&](const HreflangGraph::EntryRef& ref, const PageFacts::Link& own) {
          if (own.target != ref.loc || own.code == kXDefaultCode) return;
          self.codes.push_back(own.code);
          if (!self.first) {
            self.first = &own;
            self.where = ref;
          }
        });
      }
      return self;
    };
    graph.for_each_alternate([&](const HreflangGraph::EntryRef& from, const PageFacts::Link& link) {
      if (link.code == kXDefaultCode || !graph.judges(link.target) ||
          graph.state(link.target) != HreflangGraph::State::Annotated)
        return;
      const SelfCodes& self = self_codes_of(link.target);
      if (!self.first || std::find(self.codes.begin(), self.codes.end(), link.code) != self.codes.end()) return;
      PairFindings::Finding& f = findings.add(from, link, self.where, self.first->code_offset);
      f.offset = link.code_offset;
      f.length = link.code_length;
      own_codes.push_back(self.first->code);
    });
    findings.report(out, [&](const PairFindings::Finding& f, const std::string& alternate, const std::string& place) {
      const std::string own = quoted(code_text(own_codes[f.index]));
      return PairFindings::Words{"hreflang " + quoted(code_text(f.link->code)) + " for " + quoted(alternate) +
                                     " disagrees with that page's own entry (" + place + "), which calls itself " +
                                     own + "; give each page the same code everywhere",
                                 "the self link of " + quoted(alternate)};
    });
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_code_conflict, kMeta, HreflangCodeConflict)
