#include "engine/overview.h"

#include <algorithm>

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

void count(std::map<std::string, std::size_t, std::less<>>& counts, std::string_view key) {
  if (const auto known = counts.find(key); known != counts.end()) {
    ++known->second;
    return;
  }
  // Hostile input may hold a million hosts; the report shows the largest few anyway.
  if (counts.size() >= SiteOverview::kMaxKeys) key = SiteOverview::kOtherKeys;
  ++counts[std::string(key)];
}

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
      count(overview_->hosts, SiteOverview::kNoHost);
      count(overview_->sections, SiteOverview::kNoSection);
      return;
    }
    // Most sitemaps name one host: the lower-case copy is made once per run of equal hosts.
    const std::string_view host = url.ascii_host.empty() ? url.host : url.ascii_host;
    const bool same_host =
        host.size() == last_host_.size() && std::equal(host.begin(), host.end(), last_host_.begin(),
                                                       [](char a, char lowered) { return ascii_lower(a) == lowered; });
    if (!same_host) last_host_ = ascii_lowered(host);
    count(overview_->hosts, last_host_);
    count(overview_->sections, section_of(url).substr(0, 200));
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

  std::int64_t now_;
  std::shared_ptr<SiteOverview> overview_ = std::make_shared<SiteOverview>();
  std::string last_host_;
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
