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
  bool collect_overview = false;  // gather the HTML report's overview of the site (overview.h)
  // The run was given this one file: what it keeps for the set need not be made compact for files
  // that follow (a hint; its children, if it is an index, are linted as a set of their own).
  bool sole_input = false;
  // The run's one input, without a robots.txt: no other file joins its set unless it is an index
  // (whose children do). A text sitemap then keeps no pages for checks across files: it holds no
  // hreflang links, and there is no other file to compare it with.
  bool only_input = false;
  // Whether a finding in an entry records the entry's URL (Diagnostic::subject), which only a
  // baseline reads: the command line turns it off unless --baseline or --write-baseline is given.
  bool record_subjects = true;
  // Findings one rule may report in one file (the rest are counted). Fixing lifts it, so that one
  // pass fixes everything.
  std::size_t max_findings_per_rule = 10'000;
  // The findings are read for their fixes alone (the passes of --fix, --diff and the language
  // server's fix-all): only findings with a fix are kept, with their place and fix but no message
  // or description, which a file with a fix on every line would otherwise hold by the hundred
  // thousand (a finding with its texts took some 700 bytes, 210 without).
  bool fixes_only = false;
  std::shared_ptr<const SiteRobots> robots;  // the run's robots.txt, when there is one
  // Threads the rules of one file may share: with 2, a large XML file's rules are split between
  // two walks on two threads (engine.cpp), with the same findings. --jobs gives a run with fewer
  // files than jobs the threads the files leave idle.
  unsigned rule_threads = 1;
  // The smallest document whose rules are split: below it, the second walk of the tree costs about
  // what the rules it takes over save (a 10 MB sitemap gained nothing, 25 and 50 MB ones 10% to
  // 25%). Tests lower it to split every fixture.
  std::size_t split_rules_from_bytes = std::size_t{16} << 20;
};

}  // namespace sitemaplint
