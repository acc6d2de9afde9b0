#include "cli/run_settings.h"

#include <string_view>
#include <utility>

#include "severity.h"

namespace sitemaplint {

bool settle_run_settings(const CliOptions& options, const ConfigFile* project, RunSettings* out, std::string* error) {
  RunSettings& run = *out;
  run = {};
  if (project) run = {project->max_warnings, project->root, project->robots, project->min_severity};
  if (options.max_warnings >= 0) run.max_warnings = options.max_warnings;
  if (!options.min_severity.empty()) run.min_severity = parse_severity(options.min_severity);
  if (!options.root.empty()) run.root = options.root;
  if (!options.robots.empty()) run.robots = options.robots;
  if (project && project->pages) run.pages = *project->pages;
  if (options.pages) run.pages = true;
  if (project && project->pages_live && run.pages) run.pages_live = true;
  if (run.pages && !run.root) run.pages_live = true;
  if (!run.pages) {
    const std::pair<bool, std::string_view> given[] = {
        {!options.host.empty(), "--host"},    {options.coverage, "--coverage"},
        {options.max_urls > 0, "--max-urls"}, {options.sample > 0, "--sample"},
        {options.rate > 0, "--rate"},         {!options.pages_log.empty(), "--pages-log"},
        {!options.cache.empty(), "--cache"}};
    for (const auto& [set, name] : given) {
      if (set) {
        *error = std::string(name) + " takes effect with --pages only (or pages = true in the config)";
        return false;
      }
    }
  }
  // What only a build has, given for the live site, would be passed over in silence (a config's
  // keys serve its build runs too, and are not refused).
  if (run.pages_live && (!options.host.empty() || options.coverage)) {
    *error = options.coverage ? std::string("--coverage: ") + kCoverageLiveWhy : std::string("--host: ") + kHostLiveWhy;
    return false;
  }
  if (project && project->host) run.host = project->host;
  if (!options.host.empty()) run.host = options.host;
  if (project && project->coverage) run.coverage = *project->coverage;
  if (options.coverage) run.coverage = true;
  if (project) {
    take_live_settings(*project, run);
    run.memory_limit = project->memory_limit;
  }
  if (options.rate > 0) run.rate = options.rate;
  if (!options.user_agent.empty()) run.user_agent = options.user_agent;

  if (options.max_urls > 0) run.max_urls = options.max_urls;
  if (options.sample > 0) run.sample = options.sample;
  if (!options.cache.empty()) run.cache = options.cache;
  if (!options.memory_limit.empty()) run.memory_limit = options.memory_limit;
  return true;
}

}  // namespace sitemaplint
