// LANG503 hreflang-cluster-mismatch: two pages link each other, but their sets of alternates
// differ.
#include <algorithm>
#include <iterator>
#include <set>

#include "rules/hreflang/utils/pair_findings.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "Two pages that link each other as alternates list different clusters",
                         .docs = R"md(
## What it does
Across every file linted together, reports two pages that name each other as hreflang
alternates when their sets of alternates (each counting itself) differ: A lists B and C, B lists
only A. Reported once per pair, on the link of whichever entry comes first in the run, with the
pages missing on either side (up to three each, in the order each page lists them).

## Why it matters
Google: "The set of links is identical for every version of the page", although "you can omit
some languages on some pages; Google will still process the ones that point to each other". A
page missing from one side usually lacks its return link too, and clusters that disagree are
hard to keep right, hence a warning.

## Example
```text
sitemap.xml:  <url><loc>https://example.com/en/</loc>  en -> /en/, de -> /de/, fr -> /fr/</url>
              <url><loc>https://example.com/de/</loc>  de -> /de/, en -> /en/</url>
```

## Use instead
```text
sitemap.xml:  <url><loc>https://example.com/en/</loc>  en -> /en/, de -> /de/, fr -> /fr/</url>
              <url><loc>https://example.com/de/</loc>  de -> /de/, en -> /en/, fr -> /fr/</url>
```
)md",
                         .authorities = kGoogle};

constexpr std::size_t kListed = 3;  // pages named per side; the rest are counted

class HreflangClusterMismatch final : public GraphRule {
 public:
  void on_set(const SetView& set, SetSink& out) override {
    const std::shared_ptr<const HreflangGraph> shared = HreflangGraph::of(set);
    const HreflangGraph& graph = *shared;
    PairFindings findings(set, graph);
    std::set<std::pair<std::uint64_t, std::uint64_t>> judged;  // unordered pairs already reported
    struct Counts {
      std::size_t there, here;
    };
    std::vector<Counts> counts;
    graph.for_each_alternate([&](const HreflangGraph::EntryRef& from, const PageFacts::Link& link) {
      const std::uint64_t a = from.loc, b = link.target;
      // A partition of the graph judges a pair whose link comes first in the run when that link
      // is its to judge, and holds both pages whole when one of them is its: the first link it
      // sees of the pair is the run's first, judged here or in the other page's partition.
      if (!graph.judges(a) && !graph.judges(b)) return;
      if (graph.state(b) != HreflangGraph::State::Annotated || graph.state(a) != HreflangGraph::State::Annotated ||
          !graph.links_to(b, a) || graph.cluster_digest(a) == graph.cluster_digest(b) ||
          judged.count(std::minmax(a, b))) {
        return;
      }
      const std::vector<std::uint64_t> mine = cluster(graph, a), theirs = cluster(graph, b);
      std::vector<std::uint64_t> missing_there, missing_here;
      std::set_difference(mine.begin(), mine.end(), theirs.begin(), theirs.end(), std::back_inserter(missing_there));
      std::set_difference(theirs.begin(), theirs.end(), mine.begin(), mine.end(), std::back_inserter(missing_here));
      if (missing_there.empty() && missing_here.empty()) return;
      judged.insert(std::minmax(a, b));
      if (!graph.judges(b)) return;
      const HreflangGraph::EntryRef& to = graph.first_entry(b);
      PairFindings::Finding& f = findings.add(from, link, to, graph.page(to).url_offset);
      counts.push_back({missing_there.size(), missing_here.size()});
      if (!f.shown) return;
      for (const auto* side : {&missing_there, &missing_here}) {
        quote_first_links(graph, findings, side == &missing_there ? a : b, *side, f.quotes);
      }
    });
    findings.report(out, [&](const PairFindings::Finding& f, const std::string& alternate, const std::string& place) {
      const Counts c = counts[f.index];
      const std::size_t listed_there = std::min(c.there, kListed);
      // Only the sides that lack something: "missing there: none" said nothing.
      std::string differences;
      if (c.there > 0) differences = "missing there: " + list(findings, f, 0, listed_there, c.there);
      if (c.here > 0) {
        if (!differences.empty()) differences += "; ";
        differences += "missing here: " + list(findings, f, listed_there, std::min(c.here, kListed), c.here);
      }
      return PairFindings::Words{
          "the alternates of this page and of " + quoted(alternate) + " (" + place + ") differ: " + differences,
          "the entry of " + quoted(alternate)};
    });
  }

 private:
  // A page's cluster: what it links, and itself.
  static std::vector<std::uint64_t> cluster(const HreflangGraph& graph, std::uint64_t page) {
    std::vector<std::uint64_t> out = graph.alternates_of(page);
    out.insert(std::lower_bound(out.begin(), out.end(), page), page);
    return out;
  }

  // The links of `page` to the first kListed of `targets` (sorted keys), as written there (in
  // their hrefs), in the order the page lists them: the ones a reader finds first, whatever the
  // keys' order.
  static void quote_first_links(const HreflangGraph& graph, PairFindings& findings, std::uint64_t page,
                                const std::vector<std::uint64_t>& targets, std::vector<SetSources::Handle>& quotes) {
    const std::size_t listed = std::min(targets.size(), kListed);
    std::vector<std::uint64_t> quoted;
    graph.for_each_link_of(page, [&](const HreflangGraph::EntryRef& ref, const PageFacts::Link& link) {
      if (quoted.size() == listed || !std::binary_search(targets.begin(), targets.end(), link.target) ||
          std::find(quoted.begin(), quoted.end(), link.target) != quoted.end())
        return;
      quoted.push_back(link.target);
      quotes.push_back(findings.quote(ref.file, link.href_offset, link.href_length));
    });
    quotes.resize(quotes.size() + listed - quoted.size());  // each side's count of places, as list() reads them
  }

  // "'a', 'b', 'c' and 2 more", or "none": quotes [first, first + listed) of `total` pages.
  static std::string list(const PairFindings& findings, const PairFindings::Finding& f, std::size_t first,
                          std::size_t listed, std::size_t total) {
    if (total == 0) return "none";
    std::string out;
    for (std::size_t i = 0; i < listed; ++i) out += (i ? ", " : "") + quoted(findings.text(f.quotes[first + i]));
    if (total > listed) out += " and " + grouped(total - listed) + " more";
    return out;
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_cluster_mismatch, kMeta, HreflangClusterMismatch)
