#include "engine/overview.h"

#include <algorithm>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analysis/ascii.h"
#include "rule.h"
#include "url_analysis.h"

namespace sitemaplint {
namespace {

constexpr std::int64_t kDay = 86'400;

// "/blog/" for https://example.com/blog/post, "/" for https://example.com/about or the home page.
std::string_view section_of(const UrlAnalysis& url) {
  const std::string_view rest = url.trimmed.substr(url.host_at + url.host.size());
  const std::size_t path = find_any(rest, "/?#");
  if (path == std::string_view::npos || rest[path] != '/') return "/";
  const std::size_t end = find_any(rest, "/?#", path + 1);
  if (end == std::string_view::npos || rest[end] != '/') return "/";
  return rest.substr(path, end - path + 1);
}

void count(std::map<std::string, std::size_t, std::less<>>& counts, std::string_view key, std::size_t n = 1) {
  if (const auto known = counts.find(key); known != counts.end()) {
    known->second += n;
    return;
  }
  // Hostile input may hold a million hosts; the report shows the largest few anyway.
  if (counts.size() >= SiteOverview::kMaxKeys) key = SiteOverview::kOtherKeys;
  counts[std::string(key)] += n;
}

// A later lane's hosts or sections (Rule::absorb): which keys are kept and which count as others
// depends on the keys of the lanes before, so each is kept with its count, in order of first
// appearance, to be counted after theirs.
class LaneCounts {
 public:
  void count(std::string_view key) {
    const auto [at, added] = index_.try_emplace(std::string(key), counts_.size());
    if (added) counts_.emplace_back(at->first, 0);
    ++counts_[at->second].second;
  }
  void add_to(std::map<std::string, std::size_t, std::less<>>& counts) const {
    for (const auto& [key, n] : counts_) sitemaplint::count(counts, key, n);
  }

 private:
  std::unordered_map<std::string, std::size_t> index_;
  std::vector<std::pair<std::string_view, std::size_t>> counts_;  // views into index_'s keys
};

class OverviewCollector final : public Rule {
 public:
  explicit OverviewCollector(const RuleSettings& settings) : now_(settings.now) {}

  void subscribe(Subscriptions& s) const override { s.entries(); }

  void on_entry(const Entry& entry, FindingSink&) override {
    if (entry.kind != EntryKind::Url || !entry.loc.present) return;
    ++overview_->urls;
    count_lastmod(entry);
    const UrlAnalysis& url = entry.loc_analysis();
    if (url.shape != UrlShape::Http || url.host.empty() || url.host_at == kNoPosition) {
      count_key(overview_->hosts, lane_hosts_, SiteOverview::kNoHost);
      count_key(overview_->sections, lane_sections_, SiteOverview::kNoSection);
      return;
    }
    // Most sitemaps name one host: the lower-case copy is made once per run of equal hosts.
    const std::string_view host = url.ascii_host.empty() ? url.host : url.ascii_host;
    const bool same_host =
        host.size() == last_host_.size() && std::equal(host.begin(), host.end(), last_host_.begin(),
                                                       [](char a, char lowered) { return ascii_lower(a) == lowered; });
    if (!same_host) last_host_ = ascii_lowered(host);
    count_key(overview_->hosts, lane_hosts_, last_host_);
    count_key(overview_->sections, lane_sections_, section_of(url).substr(0, 200));
  }

  void walks_later_lane(Rule&) override { later_lane_ = true; }
  void absorb(Rule& later_rule, FindingSink&) override {
    const auto& later = static_cast<OverviewCollector&>(later_rule);
    overview_->add(*later.overview_);  // its counts: its hosts and sections are in its LaneCounts
    later.lane_hosts_.add_to(overview_->hosts);
    later.lane_sections_.add_to(overview_->sections);
  }

  std::shared_ptr<const SiteOverview> take() { return std::move(overview_); }

 private:
  void count_lastmod(const Entry& entry) {
    if (!entry.lastmod.present) {
      ++overview_->lastmod_missing;
      return;
    }
    const Entry::ParsedLastmod& parsed = entry.lastmod_parsed();
    if (!parsed.value) {
      ++overview_->lastmod_invalid;
      return;
    }
    const std::int64_t age = now_ - to_unix_seconds(*parsed.value);
    if (age < 0) ++overview_->lastmod_future;
    else if (age <= 7 * kDay) ++overview_->lastmod_7_days;
    else if (age <= 30 * kDay) ++overview_->lastmod_30_days;
    else if (age <= 365 * kDay) ++overview_->lastmod_365_days;
    else ++overview_->lastmod_older;
  }

  void count_key(std::map<std::string, std::size_t, std::less<>>& counts, LaneCounts& lane, std::string_view key) {
    if (later_lane_) lane.count(key);
    else count(counts, key);
  }

  std::int64_t now_;
  std::shared_ptr<SiteOverview> overview_ = std::make_shared<SiteOverview>();
  std::string last_host_;
  bool later_lane_ = false;
  LaneCounts lane_hosts_, lane_sections_;  // a later lane's, in order
};

}  // namespace

void SiteOverview::add(const SiteOverview& other) {
  urls += other.urls;
  lastmod_7_days += other.lastmod_7_days;
  lastmod_30_days += other.lastmod_30_days;
  lastmod_365_days += other.lastmod_365_days;
  lastmod_older += other.lastmod_older;
  lastmod_future += other.lastmod_future;
  lastmod_invalid += other.lastmod_invalid;
  lastmod_missing += other.lastmod_missing;
  for (const auto& [host, n] : other.hosts) hosts[host] += n;
  for (const auto& [section, n] : other.sections) sections[section] += n;
}

std::unique_ptr<Rule> make_overview_collector(const RuleSettings& settings) {
  return std::make_unique<OverviewCollector>(settings);
}

std::shared_ptr<const SiteOverview> take_overview(Rule& collector) {
  return static_cast<OverviewCollector&>(collector).take();
}

}  // namespace sitemaplint
