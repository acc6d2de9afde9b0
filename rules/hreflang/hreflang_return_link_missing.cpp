// LANG501 hreflang-return-link-missing: page A lists B as an alternate, B's own entry has
// hreflang links, and none of them leads back to A.
#include <map>

#include "rules/hreflang/utils/pair_findings.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Error,
                         .summary = "An hreflang alternate whose own entry, with links of its own, does not link back",
                         .docs = R"md(
## What it does
Across every file linted together (an index and its children, a folder, several files; one file
alone is a set too), reports each link from page A to an alternate B when B is listed in a
sitemap of the set with hreflang links of its own, and none of B's entries links back to A. The
finding is on A's `href`; the message names B's entry (file, line and column) and the link to add
there. URLs are compared after normalisation; entries that list the same URL are taken together.
When B is listed without any annotation, that is `hreflang-return-link-unverifiable`; when it is
in no sitemap, `hreflang-alternate-not-listed`. Entries with an error in their links are left out
until it is fixed.

## Why it matters
Google: "If two pages don't both point to each other, the tags will be ignored", and among the
common mistakes, "Missing return links: If page X links to page Y, page Y must link back to page
X". Both pages lose the annotation.

## Example
```text
sitemap-en.xml:  <url><loc>https://example.com/en/</loc>
                   <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/>
                   <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url>
sitemap-de.xml:  <url><loc>https://example.com/de/</loc>
                   <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/></url>
```

## Use instead
```text
sitemap-de.xml:  <url><loc>https://example.com/de/</loc>
                   <xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/"/>
                   <xhtml:link rel="alternate" hreflang="en" href="https://example.com/en/"/></url>
```
)md",
                         .authorities = kGoogle};

class HreflangReturnLinkMissing final : public GraphRule {
 public:
  void on_set(const SetView& set, SetSink& out) override {
    const std::shared_ptr<const HreflangGraph> shared = HreflangGraph::of(set);
    const HreflangGraph& graph = *shared;
    PairFindings findings(set, graph);
    graph.for_each_alternate([&](const HreflangGraph::EntryRef& from, const PageFacts::Link& link) {
      if (!graph.judges(link.target) || graph.state(link.target) != HreflangGraph::State::Annotated ||
          graph.links_to(link.target, from.loc))
        return;
      const HreflangGraph::EntryRef& to = graph.first_entry(link.target);
      findings.add(from, link, to, graph.page(to).url_offset);
    });
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> own_codes;  // by entry: one look at its links
    findings.report(out, [&](const PairFindings::Finding& f, const std::string& alternate, const std::string& place) {
      const std::size_t others = graph.alternate_count(f.to.loc);
      const auto [at, added] = own_codes.try_emplace({f.from.file, f.from.page}, kNoCode);
      if (added) at->second = graph.own_code(f.from);
      const std::uint64_t own = at->second;
      const std::string& loc = findings.text(f.loc);
      return PairFindings::Words{
          quoted(alternate) + " (" + code_text(f.link->code) + ") does not link back: its entry at " + place +
              " lists " +
              (others == 0 ? std::string("only itself") : counted(others, "other alternate") + ", not this page") +
              "; add <xhtml:link rel=\"alternate\" hreflang=\"" + (own == kNoCode ? "..." : code_text(own)) +
              "\" href=\"" + loc + "\"/> there, or Google ignores this pair",
          "the entry of " + quoted(alternate)};
    });
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(hreflang_return_link_missing, kMeta, HreflangReturnLinkMissing)
