// NEWS310 news-name-varies: one publication named in several ways in one sitemap.
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/ascii.h"
#include "rules/news/utils/news_schema.h"
#include "rules/news/utils/news_values.h"
#include "rules/lane_state.h"
#include "rules/rule_support.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "One sitemap names what is one publication in several ways",
                         .docs = R"md(
## What it does
Reports a `<news:name>` that differs from an earlier one of the same sitemap only by a trailing
parenthetical, letter case or white space (`The Example Times`, `the example times`,
`The Example  Times`, `The Example Times (Online)`): what is one publication, written in several
ways. Names that differ otherwise are different publications, which one sitemap may list. The
finding points at the first spelling. Names that differ only by the parenthetical are left to
`news-name-parenthetical`, whose fix makes them one.

## Why it matters
Google's news sitemap documentation: the name "must exactly match the name as it appears on your
articles on news.google.com, omitting any trailing parentheticals". Two spellings of one name
cannot both match it exactly, so the articles under one of them may not be attributed to the
publication. Which spelling is Google News's only the publisher knows, so there is no fix.

## Example
```xml
<news:publication>
  <news:name>The Example Times</news:name>
  <news:language>en</news:language>
</news:publication>
...
<news:publication>
  <news:name>The Example TIMES</news:name>
  <news:language>en</news:language>
</news:publication>
```

## Use instead
```xml
<news:publication>
  <news:name>The Example Times</news:name>
  <news:language>en</news:language>
</news:publication>
...
<news:publication>
  <news:name>The Example Times</news:name>
  <news:language>en</news:language>
</news:publication>
```
)md",
                         .authorities = kGoogle};

// What stays of a name when case, runs of white space and a trailing parenthetical do not count.
std::string publication_key(std::string_view name) {
  std::string key;
  bool space = false;
  for (const char c : without_trailing_parenthetical(name)) {
    if (is_xml_space(c)) {
      space = true;
      continue;
    }
    if (space && !key.empty()) key += ' ';
    space = false;
    key += ascii_lower(c);
  }
  return key;
}

class NewsNameVaries final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.extensions(kNewsNamespace, kNewsElement.name); }
  void on_extension(const ExtensionBlock& block, const Entry& entry, FindingSink& out) override {
    const ExtensionNode* name = is_page_entry(entry) ? news_name(block) : nullptr;
    if (!name) return;
    const std::string_view written = name->text.trimmed();
    if (written.empty()) return;  // news-missing-required's
    Name seen{std::string(written), value_span(name->text), std::string(name->qualified_name),
              later_lane_ ? entry_subject(entry) : std::string()};
    // A later lane does not know the spellings before it: its names are judged when it is absorbed.
    if (later_lane_) names_.push_back(std::move(seen));
    else judge(seen, out);
  }
  void walks_later_lane(Rule&) override { later_lane_ = true; }
  void absorb(Rule& later, FindingSink& out) override {
    for (const Name& name : static_cast<NewsNameVaries&>(later).names_) judge(name, out);
  }

 private:
  struct Name {
    std::string written;  // trimmed
    Span at;
    std::string element;  // qualified
    std::string subject;  // a later lane's: its entry's URL
  };

  void judge(const Name& name, FindingSink& out) {
    const auto [first, inserted] = first_.try_emplace(publication_key(name.written), Spelling{name.written, 0});
    if (inserted) {
      first->second.offset = name.at.offset;
      return;
    }
    // A parenthetical alone is news-name-parenthetical's finding.
    if (without_trailing_parenthetical(first->second.text) == without_trailing_parenthetical(name.written)) return;
    out.report({.at = name.at,
                .message = "<" + name.element + "> " + quoted(name.written) + " and " + quoted(first->second.text) +
                           " earlier name one publication in two ways (they differ only in case, white space or a "
                           "trailing parenthetical); Google matches the name exactly against Google News",
                .related = RelatedLocation{first->second.offset, "the first spelling"},
                .subject = name.subject});
  }

  bool later_lane_ = false;
  std::vector<Name> names_;  // in a later lane, every name in order
  struct Spelling {
    std::string text;
    std::size_t offset;
  };
  std::unordered_map<std::string, Spelling> first_;  // by publication_key
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(news_name_varies, kMeta, NewsNameVaries)
