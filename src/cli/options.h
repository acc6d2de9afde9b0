// What the command line asked for, as parsed by main.cpp; run.cpp carries it out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sitemaplint {

inline constexpr int kExitClean = 0;
inline constexpr int kExitFindings = 1;
inline constexpr int kExitUsage = 2;

struct CliOptions {
  // "records" (a shard of a set written to records_dir) or "merge" (shards' folders, the paths,
  // merged); empty: a run that lints the paths.
  std::string command;
  std::string records_dir;  // records: the shard's folder; merge --partition: the findings' file
  unsigned partitions = 16;
  // The merge in steps: the partition checked alone (-1: none), or the findings of every partition.
  long long partition = -1;
  std::vector<std::string> partition_findings;
  std::vector<std::string> paths;
  std::string format = "human";
  std::vector<std::string> outputs;  // each -o as given: FILE, or FORMAT=FILE (cli/outputs.h)
  std::vector<std::string> select, ignore, severities;
  int max_warnings = -1;
  std::string min_severity;  // empty: every level (or the config's min-severity)
  bool exit_zero = false;
  bool statistics = false;
  bool sarif_all_rules = false;
  bool no_progress = false;
  std::string now;
  std::string base_url;
  std::string list_rules;
  std::string list_profiles;
  std::string profile;
  std::string explain;
  bool quiet = false;
  bool fix = false;
  bool diff = false;
  unsigned jobs = 0;
  std::string memory_limit;  // --memory-limit, as given (empty: the default)
  double timeout_seconds = 30;
  std::string root;
  std::string robots;
  bool pages = false;  // check what each listed URL leads to in --root
  std::string host;  // how the host serves --root (--pages)
  bool coverage = false;  // each unlisted page of the build a finding (--pages)
  // --pages on the live site (no --root, or pages = "live").
  // 0 (and empty) where not given: the config's value, else the default, holds (cli/run.cpp).
  std::size_t max_urls = 0;  // listed URLs fetched at most (default 10,000)
  std::size_t sample = 0;  // 0: all (up to max_urls); else a seeded sample of this many
  std::uint64_t seed = 29;  // of --sample and of the soft-404 probe's path
  double rate = 0;  // requests a second per host (default 5)
  std::string user_agent;  // empty: sitemaplint/VERSION (+project URL)
  std::string pages_log;  // JSON Lines of every fetched URL
  std::string cache;  // --cache DIR: answers kept for conditional re-fetches
  std::vector<std::string> allowed_hosts;
  std::string color = "auto";
  std::string baseline;
  std::string write_baseline;
  std::string config;
  std::string stdin_filename;
  bool no_config = false;
  bool show_config = false;
  bool force_exclude = false;  // the config's exclude globs apply to files named on the command line too
};

// "sitemaplint: error: MESSAGE (see sitemaplint --help)" on standard error; returns kExitUsage.
int usage_error(const std::string& message);

// Carries out a parsed command line; returns the exit code.
int run(const CliOptions& options);

}  // namespace sitemaplint
