// What every rule file includes: the rule interface and the macro that defines the rule's entry in
// the explicit list (rules/rules.def).
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "analysis/message_text.h"
#include "rule.h"

namespace sitemaplint {

template <typename RuleClass>
std::unique_ptr<Rule> construct_rule(const RuleSettings& settings) {
  if constexpr (std::is_constructible_v<RuleClass, const RuleSettings&>) {
    return std::make_unique<RuleClass>(settings);
  } else {
    (void)settings;
    return std::make_unique<RuleClass>();
  }
}

// Where a field's value is in the input, without the white space around it: the raw text (as
// written, entities and all) trimmed. For an empty or all-white-space element, the '<' of its start
// tag with length 0.
Span value_span(const Field& field);

// At most how many entries an input of `bytes` bytes holds (a text sitemap's line is a URL of a
// dozen bytes), up to a million: what a rule that keeps a few bytes per entry reserves at the
// start. Address space never touched costs nothing, where a vector grown by doubling leaves the
// memory of each smaller copy behind on the heap.
inline std::size_t most_entries(std::size_t bytes) { return std::min<std::size_t>(bytes / 12, std::size_t{1} << 20); }

// Whether `entry` is a <url> or <sitemap> of an XML sitemap or index, which the sitemap XSD governs
// (not a text sitemap's line, a feed's item or a robots.txt's Sitemap: line).
bool in_xml_sitemap(const Entry& entry);

// Whether the sitemap XSD rejects this <loc> of an XML sitemap or index: its tLoc type is an
// xs:anyURI of 12 to 2,048 characters.
bool sitemap_xsd_rejects(const UrlField& url);

// Where the path and the query of an absolute URL ("scheme://authority/path?query#fragment") are,
// as byte ranges of `url`: the path from its '/' (empty when it has none), the query after its '?'
// (empty when it has none).
struct UrlParts {
  std::size_t path_begin = 0, path_end = 0;
  std::size_t query_begin = 0, query_end = 0;
};
UrlParts url_parts(std::string_view url);
// The same for an analysed URL's `trimmed`, from the path its analysis found where it has one (no
// new search of the URL: two escape rules ask for the parts of every URL with a '%').
UrlParts url_parts(const UrlAnalysis& a);

// A sink that passes every finding on to `out` as resting on `authorities` (a subset of the rule's),
// for a rule whose findings on one value all rest on the same ones, reported through helpers that
// call report().
class RestingOn final : public FindingSink {
 public:
  RestingOn(FindingSink& out, std::uint32_t authorities) : out_(out), authorities_(authorities) {}
  void report(Report finding) override {
    const std::uint32_t both = finding.rests_on & authorities_;
    finding.rests_on = both != 0 ? both : authorities_;
    out_.report(std::move(finding));
  }

 private:
  FindingSink& out_;
  std::uint32_t authorities_;
};

// The authorities a URL rule's finding about `url` rests on, out of the rule's own: sitemaps.org
// and its XSD define an entry's <loc>, not the URLs of Google's extensions; and the XSD governs
// only the <loc> of an XML sitemap or index, where it rejects some values and lets others pass.
std::uint32_t url_finding_authorities(const UrlField& url, std::uint32_t rule_authorities);

// The namespace `prefix` is bound to at `node` (its own xmlns:prefix, else its ancestors'), nullopt
// when none binds it; "xml" is bound by definition. Attribute prefixes are rare (xsi:), so looking
// up the ancestors is cheap enough.
std::optional<std::string_view> namespace_bound_at(pugi::xml_node node, std::string_view prefix);

}  // namespace sitemaplint

// Defines `sitemaplint::ID`, the RuleDefinition that rules/rules.def names.
#define SITEMAPLINT_DEFINE_RULE(ID, INFO, CLASS)         \
  namespace sitemaplint {                                \
  extern const RuleDefinition ID;                        \
  const RuleDefinition ID{INFO, &construct_rule<CLASS>}; \
  }

namespace sitemaplint {

// For the protocol-advice escaping rules: reports each raw `c` in a text run (not CDATA, not
// attribute values) with a fix that writes `entity` instead; `what` names the character.
void report_unescaped(const TextRun& run, char c, std::string_view what, std::string_view entity, FindingSink& out);

}  // namespace sitemaplint

namespace sitemaplint {

// For the entry-count limits: reports `entry` if it is the first of `kind` past kMaxEntries (the
// rules subscribe to kEntryPastLimit).
void report_past_limit(EntryKind kind, const Entry& entry, FindingSink& out, std::string_view advice);

}  // namespace sitemaplint
