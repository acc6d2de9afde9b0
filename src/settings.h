// What rules read of a run (RuleSettings): the time, where the sitemap is served, its robots.txt and
// how the file stands in the set. How the engine runs them is engine/engine_options.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "analysis/robots_match.h"
#include "analysis/robots_txt.h"
#include "analysis/sitemap_location.h"
#include "listing_order.h"

namespace sitemaplint {

class PageLookup;  // page.h: rules that read it include it

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

// What the rules read (RuleFactory gets it); built by config/resolve for a run.
struct RuleSettings {
  std::int64_t now = 0;  // "now" in seconds since the Unix epoch, UTC: --now makes tests repeatable
  std::optional<SitemapLocation> location;  // --base-url: where the sitemap is served
  bool collect_set_facts = false;  // the file is one of a set: record what cross-file checks need
  // The run was given this one file: what it keeps for the set need not be made compact for files
  // that follow (a hint; its children, if it is an index, are linted as a set of their own).
  bool sole_input = false;
  // The run's one input, without a robots.txt: no other file joins its set unless it is an index
  // (whose children do). A text sitemap then keeps no pages for checks across files: it holds no
  // hreflang links, and there is no other file to compare it with.
  bool only_input = false;
  std::shared_ptr<const SiteRobots> robots;  // the run's robots.txt, when there is one
  // --pages: what each URL the run lists leads to (the build output under --root, or the live
  // site); nullptr: the page rules have nothing to check.
  std::shared_ptr<const PageLookup> pages;
  // The file's place among those linted with it, in which the live audit is given their URLs.
  ListingTurn listing_turn;
  // --coverage: each indexable page of the build that no sitemap lists is a finding of its own,
  // not one summary finding with the count.
  bool each_unlisted_page = false;
};

}  // namespace sitemaplint
