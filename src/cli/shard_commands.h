// 'sitemaplint records' and 'sitemaplint merge': a set linted in shards (run/set_shard.h), each
// shard a run of its own with the set's records written out, and the shards reported as one run.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/options.h"
#include "config/show.h"
#include "engine/profile.h"
#include "run/site.h"

namespace sitemaplint {

// Why these options cannot make or merge shards (a robots.txt, --pages, standard input, --fix,
// the HTML report ...), or nullopt when they can.
std::optional<std::string> shard_refusal(const CliOptions& options, const RunSettings& run);

// What identifies the settings of a shard: the options that change findings, as given.
std::string shard_identity(const CliOptions& options, const RunSettings& run);

// 'records': lints `paths` as a run of them would, and writes the shard to options.records_dir.
// The exit code: 0, or 2 when the shard cannot be written.
int write_records(const std::vector<std::string>& paths, const ProfileLookup& profile_for, SiteOptions site,
                  const CliOptions& options, const RunSettings& run);

// 'merge --partition K': partition K of the shards `folders` checked alone, its findings written
// to options.records_dir. The exit code: 0, or 2 when the shards or the file are refused.
int check_partition(const std::vector<std::string>& folders, const ProfileLookup& profile_for,
                    const CliOptions& options, const RunSettings& run);

// 'merge': the shards `folders` merged, in one step or with every partition's findings
// (--partition-findings). False with *error when they are refused.
bool merge(const std::vector<std::string>& folders, const ProfileLookup& profile_for, const CliOptions& options,
           const RunSettings& run, std::vector<Outcome>* outcomes, std::string* error);

}  // namespace sitemaplint
