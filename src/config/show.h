// --show-config: the settings an input is linted with, printed as a sitemaplint.toml that would
// give the same result, with comments saying where they came from.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "config/config_file.h"
#include "engine/profile.h"

namespace sitemaplint {

// The settings of the whole run rather than of one input.
struct RunSettings {
  std::optional<int> max_warnings;
  std::optional<std::string> root;
  std::optional<std::string> robots;  // a robots.txt file or URL
  std::optional<Severity> min_severity;
  bool pages = false;  // --pages
  bool pages_live = false;  // pages = "live", or --pages without a root: fetched from the live site
  std::optional<std::string> host;  // --host
  bool coverage = false;  // --coverage
  // The live site: set when the config or the command line names them (else the defaults hold).
  std::optional<double> rate;
  std::optional<std::string> user_agent;
  std::optional<std::size_t> max_urls, sample;
  std::optional<std::string> cache;
  std::optional<std::string> memory_limit;  // as written, when the config or --memory-limit names it
};

// The live audit's settings `config` gives (rate, user-agent, max-urls, sample, cache) into `run`,
// which the command line's options or the library's settings then override where they are set.
void take_live_settings(const ConfigFile& config, RunSettings& run);

// `label` names the input in the heading, e.g. "news/sitemap.xml" or "standard input".
void write_effective_config(const std::string& label, const Profile& profile, const RunSettings& run,
                            std::ostream& out);

}  // namespace sitemaplint
