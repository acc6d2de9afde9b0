#include "cli/shard_commands.h"

#include <algorithm>

#include "run/notice.h"
#include "run/set_shard.h"

namespace sitemaplint {

std::optional<std::string> shard_refusal(const CliOptions& options, const RunSettings& run) {
  const std::string command = options.command;
  if (run.robots) return command + ": a robots.txt (--robots) is read by one run of the whole set; lint it in one";
  if (run.pages) return command + ": --pages checks the pages of one run of the whole set; lint it in one";
  if (options.fix || options.diff) return command + ": --fix and --diff change files; run them on the files";
  if (std::find(options.paths.begin(), options.paths.end(), "-") != options.paths.end())
    return command + ": a shard is made of files and URLs, not standard input";
  if (command == "records" && options.records_dir.empty())
    return std::string("records: give the shard's folder: -o DIR");
  if (command != "merge" && (options.partition >= 0 || !options.partition_findings.empty()))
    return std::string("--partition and --partition-findings are merge's");
  if (options.partition >= 0 && !options.partition_findings.empty())
    return std::string("merge: --partition checks one partition, --partition-findings merges them all; not both");
  if (options.partition >= 0 && options.records_dir.empty())
    return std::string("merge --partition: give the file for the partition's findings: -o FILE");
  if (command == "merge" && options.paths.empty())
    return std::string("merge: give the folders 'sitemaplint records' wrote, in order");
  return std::nullopt;
}

std::string shard_identity(const CliOptions& options, const RunSettings& run) {
  std::vector<std::string> words = {"profile=" + options.profile,         "now=" + options.now,
                                    "base-url=" + options.base_url,       "config=" + options.config,
                                    options.no_config ? "no-config" : "", "root=" + run.root.value_or("")};
  for (const std::string& w : options.select) words.push_back("select=" + w);
  for (const std::string& w : options.ignore) words.push_back("ignore=" + w);
  for (const std::string& w : options.severities) words.push_back("severity=" + w);
  return settings_identity(words);
}

int write_records(const std::vector<std::string>& paths, const ProfileLookup& profile_for, SiteOptions site,
                  const CliOptions& options, const RunSettings& run) {
  // The pages stay in memory until they are written as records: the shard is the bound.
  site.memory_limit = 0;
  std::vector<unsigned> depth;
  site.set_stage = [&depth](std::span<SetMember> members, const Settings* settings, std::span<const unsigned> d) {
    depth.assign(d.begin(), d.end());
    shard_set_stage(members, settings);
  };
  const std::vector<Outcome> outcomes = lint_site(paths, profile_for, site);
  std::string error;
  if (!write_shard(outcomes, depth, options.records_dir, options.partitions, shard_identity(options, run), &error)) {
    print_error("records: " + error);
    return kExitUsage;
  }
  return kExitClean;
}

int check_partition(const std::vector<std::string>& folders, const ProfileLookup& profile_for,
                    const CliOptions& options, const RunSettings& run) {
  std::string error;
  if (!sitemaplint::check_partition(folders, static_cast<std::uint32_t>(options.partition), profile_for,
                                    shard_identity(options, run), options.records_dir, &error)) {
    print_error("merge: " + error);
    return kExitUsage;
  }
  return kExitClean;
}

bool merge(const std::vector<std::string>& folders, const ProfileLookup& profile_for, const CliOptions& options,
           const RunSettings& run, std::vector<Outcome>* outcomes, std::string* error) {
  const std::string identity = shard_identity(options, run);
  const bool merged = options.partition_findings.empty() ? merge_shards(folders, profile_for, identity, outcomes, error)
                                                         : merge_partitions(folders, options.partition_findings,
                                                                            profile_for, identity, outcomes, error);
  if (!merged) return false;
  // The HTML report shows each file's URLs: shards keep them when 'records' was asked for it.
  const auto html = [](const std::string& word) { return word == "html" || word.starts_with("html="); };
  const bool wants_html = options.format == "html" || std::any_of(options.outputs.begin(), options.outputs.end(), html);
  const auto without_urls = [](const Outcome& o) { return o.report && !o.report->overview; };
  if (wants_html && std::any_of(outcomes->begin(), outcomes->end(), without_urls)) {
    *error =
        "the HTML report shows each file's URLs, which these shards do not keep: make them with "
        "'sitemaplint records --format html'";
    return false;
  }
  return true;
}

}  // namespace sitemaplint
