// LANG505 hreflang-alternate-not-listed: an alternate that no sitemap of a multi-file run lists.
#include <set>

#include "rules/hreflang/utils/pair_findings.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Info,
    .summary = "An hreflang alternate that no sitemap of the run lists, so its return links go unchecked",
    .docs = R"md(
## What it does
When several sitemaps are linted together, notes each alternate URL that an `<xhtml:link>`
names but no sitemap of the run lists as a `<loc>`: its return links cannot be checked. Once per
file and alternate, on the first link to it. A single file is not judged: a site may well split
its sitemaps by language, or list some pages in none.

## Why it matters
Google does not require alternates to be in a sitemap, so this is advice: when the whole site's
sitemaps are linted together, an alternate outside all of them is often a page that was renamed,
removed, or is annotated somewhere sitemaplint cannot see.

## Example
```text
sitemap-en.xml and sitemap-de.xml linted together; sitemap-en.xml links
https://example.com/th/ (hreflang "th"), which neither lists
```

## Use instead
```text
sitemap-th.xml, listing https://example.com/th/ with its alternates, linted with them
```
)md",
    .authorities = kAdvice};

class HreflangAlternateNotListed final : public GraphRule {
 public:
  void on_set(const SetView& set, SetSink& out) override {
    const std::shared_ptr<const HreflangGraph> shared = HreflangGraph::of(set);
    const HreflangGraph& graph = *shared;
    if (graph.files_with_pages() < 2) return;
    PairFindings findings(set, graph);
    std::set<std::pair<std::uint32_t, std::uint64_t>> noted;  // (file, alternate)
    graph.for_each_alternate([&](const HreflangGraph::EntryRef& from, const PageFacts::Link& link) {
      if (!graph.judges(link.target) || graph.state(link.target) != HreflangGraph::State::NotListed ||
          !noted.insert({from.file, link.target}).second) {
        return;
      }
      findings.add(from, link);
    });
    findings.report(out, [&](const PairFindings::Finding&, const std::string& alternate, const std::string&) {
      return PairFindings::Words{
          "alternate " + quoted(alternate) + " is in no sitemap of this run; its return links cannot be checked", ""};
    });
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_alternate_not_listed, kMeta, HreflangAlternateNotListed)
