// SM804 stale-index-lastmod: an index entry's <lastmod> is older than the child's own content.
#include <cstdio>

#include "rules/rule_support.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "An index entry's lastmod is older than the newest lastmod in that sitemap",
                         .docs = R"md(
## What it does
While following a sitemap index, compares each `<sitemap>` entry's `<lastmod>` with the newest
`<lastmod>` of the URLs inside that child sitemap, and reports the entry when it is older. An
entry's date without a time names a whole day (or month, or year) in the writer's time zone, so
`2024-03-01` is not older than a URL modified `2024-03-01T18:00:00+00:00`: it is compared with
the dates the child's URLs give, as written.

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

// Of each sitemap of a set: the newest <lastmod> among its <url> entries, as an instant and as the
// latest calendar date written (each value's date in its own time zone).
struct NewestLastmod final : FileFacts {
  std::int64_t seconds = 0;
  W3cDatetime latest_date;
};

// A date as one number that orders dates: YYYYMMDD.
int date_number(const W3cDatetime& d) { return d.year * 10000 + d.month * 100 + d.day; }

// `d` as written at its precision: "2024", "2024-03" or "2024-03-01"; or the instant in UTC.
std::string shown(const W3cDatetime& d, std::int64_t instant) {
  if (d.has_time) return format_utc(instant);
  char text[16];
  const int n = d.precision == DatePrecision::Year ? std::snprintf(text, sizeof text, "%04d", d.year)
                : d.precision == DatePrecision::Month
                    ? std::snprintf(text, sizeof text, "%04d-%02d", d.year, d.month)
                    : std::snprintf(text, sizeof text, "%04d-%02d-%02d", d.year, d.month, d.day);
  return std::string(text, static_cast<std::size_t>(n));
}

// Whether the child's newest change comes after the index's date. A date without a time names a
// day (or month, or year) in the writer's time zone, so it is compared with the child's dates as
// written, at its precision: 2024-03-01 covers 2024-03-01T18:00:00+00:00. A date with a time is an
// instant.
bool newer_than(const NewestLastmod& child, const W3cDatetime& index, std::int64_t index_instant) {
  if (index.has_time) return child.seconds > index_instant;
  W3cDatetime latest = child.latest_date;
  if (index.precision == DatePrecision::Year) latest.month = 1;
  if (index.precision != DatePrecision::Day) latest.day = 1;
  return date_number(latest) > date_number(index);
}

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
      if (!newest_) {
        newest_ = NewestLastmod{};
        newest_->seconds = instant;
        newest_->latest_date = *parsed;
      }
      if (instant > newest_->seconds) newest_->seconds = instant;
      if (date_number(*parsed) > date_number(newest_->latest_date)) newest_->latest_date = *parsed;
    }
  }

  void absorb(Rule& later_rule, FindingSink&) override {
    const std::optional<NewestLastmod>& later = static_cast<StaleIndexLastmod&>(later_rule).newest_;
    if (!later) return;
    if (!newest_) {
      newest_ = later;
      return;
    }
    newest_->seconds = std::max(newest_->seconds, later->seconds);
    if (date_number(later->latest_date) > date_number(newest_->latest_date)) newest_->latest_date = later->latest_date;
  }

  std::unique_ptr<FileFacts> take_facts() override {
    if (!newest_) return nullptr;
    return std::make_unique<NewestLastmod>(*newest_);
  }

  void on_set(const SetView& set, SetSink& out) override {
    for (std::size_t f = 0; f < set.files.size(); ++f) {
      for (const ChildLink& link : set.files[f].children) {
        if (link.outcome != ChildOutcome::Followed || link.file == kNoFile || !link.ref->lastmod) continue;
        const auto* child = static_cast<const NewestLastmod*>(set.files[link.file].facts);
        // Older as instants is needed either way: a date's instant is its earliest.
        if (!child || *link.ref->lastmod >= child->seconds) continue;
        const std::string written(out.text(f, link.ref->lastmod_offset, link.ref->lastmod_length));
        const std::optional<W3cDatetime> index = parse_w3c_datetime(trim_xml_space(written), nullptr);
        if (!index || !newer_than(*child, *index, *link.ref->lastmod)) continue;
        const W3cDatetime& newest_date = child->latest_date;
        out.report(f, {.at = {link.ref->lastmod_offset, link.ref->lastmod_length},
                       .message = "the index dates " + quoted(link.ref->url) + " " + shown(*index, *link.ref->lastmod) +
                                  ", but it lists a URL modified " +
                                  (index->has_time ? format_utc(child->seconds)
                                                   : shown(newest_date, to_unix_seconds(newest_date))) +
                                  "; crawlers may not fetch it again until the index says it changed",
                       .subject = link.ref->url});
      }
    }
  }

 private:
  bool in_a_set_;
  std::optional<NewestLastmod> newest_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(stale_index_lastmod, kMeta, StaleIndexLastmod)
