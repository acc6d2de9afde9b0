// sitemaplint.toml: reading and validating one config file. Every key and value is checked when the
// file is read, so a typo fails the run at once with the file, line and column, rather than
// silently changing nothing.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/registry.h"
#include "engine/rule_profiles.h"
#include "analysis/sitemap_location.h"

namespace sitemaplint {

inline constexpr std::string_view kConfigFileName = "sitemaplint.toml";

// An [[overrides]] table: settings for the files its globs match.
struct ConfigOverride {
  std::vector<std::string> files;  // globs relative to the config file's directory
  const RuleProfile* profile = nullptr;  // profile = "...": replaces the file's for these files
  RuleLayer rules;
  std::optional<SitemapLocation> location;  // base-url
  std::filesystem::path file;  // the config file that wrote it (an extended one, or the file itself)
};

struct ConfigFile {
  std::filesystem::path path;  // absolute
  // The directory globs are relative to: the file's own, or the current one for --config (as
  // ESLint does), since a shared config usually lives away from the sitemaps.
  std::filesystem::path glob_base;
  const RuleProfile* profile = nullptr;  // profile = "...": where every input's rule choices start
  RuleLayer rules;
  std::optional<SitemapLocation> location;  // base-url
  std::optional<std::string> root;  // absolute: resolved against the file's directory, and inside it
  std::optional<int> max_warnings;
  std::optional<Severity> min_severity;  // findings below it are not reported
  std::optional<std::string> robots;  // as --robots: an http(s) URL, or a file (made absolute like root)
  std::optional<bool> pages;  // as --pages: check what each listed URL leads to in `root`
  bool pages_live = false;  // pages = "live": fetch them from the live site, even with a root
  std::optional<std::string> host;  // as --host: how the host serves `root` (pages/host_rules.h)
  std::optional<bool> coverage;  // as --coverage: each unlisted page of `root` a finding
  // The live site (pages = "live", or pages without a root), as the options of the same names.
  std::optional<double> rate;  // requests a second per host
  std::optional<std::string> user_agent;
  std::optional<std::size_t> max_urls, sample;
  std::optional<std::string> cache;  // a directory inside the file's directory, named as root is
  std::optional<std::string> memory_limit;  // as --memory-limit, as written (a valid size)
  // A root or robots path that leaves the config file's directory (absolute, '..' above it, a
  // symbolic link out of it) is not kept above; this is the error its use is ("PATH:LINE:COL:
  // 'robots' must name a path inside ..."). The run reports it unless the command line gives that
  // setting (--root, --robots), which wins and is trusted.
  std::optional<std::string> root_refused, robots_refused, cache_refused;
  std::vector<std::string> exclude;  // globs of files and folders a directory search skips
  std::vector<ConfigOverride> overrides;
  // extend = "...": the file this one builds on, as resolved (absolute). Its settings apply first,
  // then this file's; its paths and globs are read as if written here.
  std::optional<std::filesystem::path> extend;
  // After loading: the files extended, nearest first, and which top-level keys came from one of
  // them (for --show-config).
  std::vector<std::filesystem::path> extended;
  std::vector<std::pair<std::string, std::filesystem::path>> inherited;
  // The file the key's value came from: `path`, or the extended file it was inherited from.
  const std::filesystem::path& origin_of(std::string_view key) const;
};

// Why host and coverage (--host, --coverage) are refused for the live site, after their names.
inline constexpr const char* kHostLiveWhy =
    "says how a host serves the build under --root; the live site is fetched as it is served";
inline constexpr const char* kCoverageLiveWhy =
    "compares the build's pages under --root with the sitemaps; the live site has no list of its pages to "
    "compare with";

// Parses `text` as the config file at `path` (absolute; relative paths inside resolve against its
// directory, or against `relative_to` when given: an extended file's are read as the extending
// file's). On failure returns false and sets *error to "PATH:LINE:COL: message".
bool parse_config(std::string_view text, const std::filesystem::path& path, ConfigFile* out, std::string* error,
                  const std::filesystem::path& relative_to = {});

// Reads and parses the file at `path`, and the files it extends (at most 8 deep, no cycle); refuses
// host or coverage beside pages = "live".
bool load_config(const std::filesystem::path& path, ConfigFile* out, std::string* error);

// The nearest sitemaplint.toml in `directory` or any directory above it; nullopt when none.
std::optional<std::filesystem::path> find_config(const std::filesystem::path& directory);

}  // namespace sitemaplint
