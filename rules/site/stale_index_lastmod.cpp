// SM804 stale-index-lastmod: an index entry's <lastmod> is older than the child's own content.
#include "rules/rule_support.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An index entry's lastmod is older than the newest lastmod in that sitemap",
                         .docs = R"md(
## What it does
While following a sitemap index, compares each `<sitemap>` entry's `<lastmod>` with the newest
`<lastmod>` of the URLs inside that child sitemap, and reports the entry when it is older.

## Why it matters
Google uses an index entry's `<lastmod>` to decide whether to fetch the child again. An index
whose dates lag behind its children's content hides those changes from crawlers until something
else triggers a fetch. The cause is usually an index written before the children, or cached.

## Example
```text
sitemap_index.xml: <lastmod>2024-01-01</lastmod> for sitemap-posts.xml,
which lists a URL with <lastmod>2024-03-15</lastmod>
```

## Use instead
```text
sitemap_index.xml: <lastmod>2024-03-15</lastmod> (the newest change inside the child)
```
)md",
                         .authorities = kSitemapsOrg | kGoogle};

// Of each sitemap of a set: the newest <lastmod> among its <url> entries.
struct NewestLastmod final : FileFacts {
  std::int64_t seconds = 0;
};

class StaleIndexLastmod final : public Rule {
 public:
  explicit StaleIndexLastmod(const RuleSettings& settings) : in_a_set_(settings.collect_set_facts) {}
  void subscribe(Subscriptions& s) const override {
    if (in_a_set_) s.entries();
    s.set();
  }

  void on_entry(const Entry& entry, FindingSink&) override {
    if (!in_a_set_ || entry.kind != EntryKind::Url || !entry.lastmod.present) return;
    if (const auto& parsed = entry.lastmod_parsed().value) {
      const std::int64_t instant = to_unix_seconds(*parsed);
      if (!newest_ || instant > *newest_) newest_ = instant;
    }
  }

  std::unique_ptr<FileFacts> take_facts() override {
    if (!newest_) return nullptr;
    auto facts = std::make_unique<NewestLastmod>();
    facts->seconds = *newest_;
    return facts;
  }

  void on_set(const SetView& set, SetSink& out) override {
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      for (const ChildLink& link : set.files[f].children) {
        if (link.outcome != ChildOutcome::Followed || link.file == kNoFile || !link.ref->lastmod) continue;
        const auto* child = static_cast<const NewestLastmod*>(set.files[link.file].facts);
        if (!child || *link.ref->lastmod >= child->seconds) continue;
        out.report(f, {.at = {link.ref->lastmod_offset, link.ref->lastmod_length},
                       .message = "the index dates " + quoted(link.ref->url) + " " + format_utc(*link.ref->lastmod) +
                                  ", but it lists a URL modified " + format_utc(child->seconds) +
                                  "; crawlers may not fetch it again until the index says it changed",
                       .subject = link.ref->url});
      }
    }
  }

 private:
  bool in_a_set_;
  std::optional<std::int64_t> newest_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(stale_index_lastmod, kMeta, StaleIndexLastmod)
