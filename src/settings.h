// Settings that change what rules conclude (as opposed to which rules run).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "analysis/robots_match.h"
#include "analysis/robots_txt.h"
#include "analysis/sitemap_location.h"

namespace sitemaplint {

// The robots.txt of a run (--robots, or robots = in the config), read and indexed once, which
// every URL the sitemaps list is checked against. Make it with make_site_robots.
struct SiteRobots {
  std::shared_ptr<const RobotsTxt> rules;
  RobotsMatcher googlebot;  // the rules Googlebot obeys, indexed (they point into `rules`)
  std::string path;  // the robots.txt as the run reports it (a file or a URL), for related locations
  // The origin it governs (a robots.txt speaks only for its own scheme, host and port): --base-url's
  // when given, else a fetched robots.txt's own URL's. nullopt: unknown, so every URL is matched.
  std::optional<SitemapLocation> site;
};

inline std::shared_ptr<const SiteRobots> make_site_robots(std::shared_ptr<const RobotsTxt> rules, std::string path,
                                                          std::optional<SitemapLocation> site) {
  auto robots = std::make_shared<SiteRobots>();
  const std::string_view googlebot[] = {kGooglebot};
  robots->googlebot = RobotsMatcher(*rules, googlebot);
  robots->rules = std::move(rules);
  robots->path = std::move(path);
  robots->site = std::move(site);
  return robots;
}

struct Settings {
  std::int64_t now = 0;  // "now" in seconds since the Unix epoch, UTC: --now makes tests repeatable
  std::optional<SitemapLocation> location;  // --base-url: where the sitemap is served
  bool collect_set_facts = false;  // the file is one of a set: record what cross-file checks need
  // Findings one rule may report in one file (the rest are counted). Fixing lifts it, so that one
  // pass fixes everything.
  std::size_t max_findings_per_rule = 10'000;
  std::shared_ptr<const SiteRobots> robots;  // the run's robots.txt, when there is one
};

}  // namespace sitemaplint
