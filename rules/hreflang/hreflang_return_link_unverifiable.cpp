// LANG502 hreflang-return-link-unverifiable: page A lists B as an alternate, and B is listed in
// the set without any hreflang links, so its return link cannot be seen in the sitemaps.
#include "rules/hreflang/utils/pair_findings.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An hreflang alternate listed in the set without annotations of its own",
                         .docs = R"md(
## What it does
Across every file linted together, reports each link from page A to an alternate B that a
sitemap of the set lists without any `<xhtml:link>`: B's return link to A cannot be seen. The
finding is on A's `href`, and names B's entry (file, line and column).

## Why it matters
Annotations must go both ways, or Google ignores the pair. A page may carry its hreflang links in
its HTML or its HTTP headers instead of the sitemap ("the three methods are equivalent"), so this
is not proof of an error, only that the sitemaps alone do not make the cluster whole. Most often
one generator annotates and another does not.

## Example
```text
sitemap-en.xml:  <url><loc>https://example.com/en/</loc>
                   <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
                   <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url>
sitemap-de.xml:  <url><loc>https://example.com/de/</loc></url>
```

## Use instead
```text
sitemap-de.xml:  <url><loc>https://example.com/de/</loc>
                   <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
                   <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/></url>
```
)md",
                         .authorities = kGoogle};

class HreflangReturnLinkUnverifiable final : public GraphRule {
 public:
  void on_set(const SetView& set, SetSink& out) override {
    const std::shared_ptr<const HreflangGraph> shared = HreflangGraph::of(set);
    const HreflangGraph& graph = *shared;
    PairFindings findings(set, graph);
    graph.for_each_alternate([&](const HreflangGraph::EntryRef& from, const PageFacts::Link& link) {
      if (!graph.judges(link.target) || graph.state(link.target) != HreflangGraph::State::Unannotated) return;
      const HreflangGraph::EntryRef& to = graph.first_entry(link.target);
      findings.add(from, link, to, graph.page(to).url_offset);
    });
    findings.report(out, [&](const PairFindings::Finding& f, const std::string& alternate, const std::string& place) {
      return PairFindings::Words{quoted(alternate) + " (" + code_text(f.link->code) + ") is listed at " + place +
                                     " without hreflang annotations; unless its HTML or HTTP headers link back, "
                                     "Google ignores this pair",
                                 "the entry of " + quoted(alternate)};
    });
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_return_link_unverifiable, kMeta, HreflangReturnLinkUnverifiable)
