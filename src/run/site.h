// A whole sitemap set: the files given, then the children of every sitemap index among them,
// followed once, on disk or over HTTP, with the findings only the set as a whole can show
// (missing children, nested indexes, cycles).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "page.h"
#include "run/lint_many.h"
#include "run/progress.h"
#include "run/set_rules.h"

namespace sitemaplint {

struct SiteOptions {
  std::string root;  // --root: the directory that holds the site's "/" (empty: the index's own folder)
  unsigned jobs = 0;
  FetchOptions fetch;
  // --robots: a robots.txt (URL or file) linted first, its Sitemap: lines followed like an
  // index's children (a local one's relative lines are mapped under `root` or its own folder),
  // its rules checked against every URL of the run (Settings::robots).
  std::string robots;
  // --pages: what each listed URL leads to, given to every file's page rules.
  std::shared_ptr<const PageLookup> pages;
  bool each_unlisted_page = false;  // --coverage
  // --memory-limit: the bytes the checks across the set may hold; past it the pages they keep go
  // to a temporary folder (set_spill.h). 0: no limit.
  std::uint64_t memory_limit = 0;
  // Counts what is queued and done as the run goes, when given (a progress display reads it).
  RunProgress* progress = nullptr;
  // The set stage in place of finish_set, when given: the members once every file is linted, with
  // the first member's settings (nullptr when none was linted), and each member's depth (0: an
  // input, 1: a child of one, 2: a child of an index a robots.txt names). A shard (set_shard.h)
  // writes them out there; its files are never a run's only input (Settings::only_input), as
  // the other shards' files join them.
  std::function<void(std::span<SetMember>, const Settings*, std::span<const unsigned>)> set_stage;
};

// Lints `paths` and follows the indexes among them one level: children that are themselves
// indexes are reported as nested, not followed. The sitemaps a robots.txt names stand where
// inputs stand: the indexes among them are followed one level too. Each file, child or not, is linted with its own
// profile. Outcomes: the given paths in order, then the
// children in the order their indexes list them.
std::vector<Outcome> lint_site(const std::vector<std::string>& paths, const ProfileLookup& profile_for,
                               const SiteOptions& options);

}  // namespace sitemaplint
