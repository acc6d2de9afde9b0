// What the HTML report shows of a site besides its findings: how many URLs, how fresh their
// <lastmod> is, and how they spread over hosts and top-level sections. Gathered during the one
// walk, only when asked (EngineOptions::collect_overview), from the analyses the rules share anyway:
// each URL costs a few comparisons and, mostly, no allocation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

namespace sitemaplint {

class Rule;
struct RuleSettings;

struct SiteOverview {
  // Page URLs: a <url> (or feed item, or line of a text sitemap) with a <loc>; an index's
  // <sitemap> entries are not pages.
  std::size_t urls = 0;
  // Their <lastmod>, by age relative to Settings::now: each URL in exactly one of these.
  std::size_t lastmod_7_days = 0;  // changed in the last 7 days
  std::size_t lastmod_30_days = 0;  // 7 to 30 days ago
  std::size_t lastmod_365_days = 0;  // 30 to 365 days ago
  std::size_t lastmod_older = 0;  // more than a year ago
  std::size_t lastmod_future = 0;  // after "now"
  std::size_t lastmod_invalid = 0;  // not a W3C datetime
  std::size_t lastmod_missing = 0;  // no <lastmod> at all
  // URLs by host (lower case) and by top-level section: "/blog/" for a URL under /blog/, "/" for a
  // page at the root. A URL with no http(s) host counts under kNoHost and kNoSection. Past
  // kMaxKeys distinct keys, the rest count under kOtherKeys.
  std::map<std::string, std::size_t, std::less<>> hosts;
  std::map<std::string, std::size_t, std::less<>> sections;

  static constexpr std::size_t kMaxKeys = 1'000;
  static constexpr const char* kNoHost = "(no http(s) host)";
  static constexpr const char* kNoSection = "(no http(s) URL)";
  static constexpr const char* kOtherKeys = "(others)";

  void add(const SiteOverview& other);
};

// The walker-side collector the engine adds when EngineOptions::collect_overview is set; it reports
// nothing. take_overview() hands over what it gathered.
std::unique_ptr<Rule> make_overview_collector(const RuleSettings& settings);
std::shared_ptr<const SiteOverview> take_overview(Rule& collector);

}  // namespace sitemaplint
