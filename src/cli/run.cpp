// The steps of a run, in order: documentation commands, the configuration, the inputs, linting
// (or fixing), baselines, the report, the exit code.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>

#include "analysis/message_text.h"
#include "api/run_choices.h"
#include "cli/force_exclude.h"
#include "cli/options.h"
#include "api/page_setup.h"
#include "live/live_pages.h"
#include "cli/outputs.h"
#include "cli/progress_display.h"
#include "cli/run_settings.h"
#include "cli/shard_commands.h"
#include "config/resolve.h"
#include "config/show.h"
#include "engine/registry.h"
#include "load/open_file.h"
#include "report/html.h"
#include "docs/profile_docs.h"
#include "engine/rule_profiles.h"
#include "report/report.h"
#include "docs/rule_docs.h"
#include "run/baseline.h"
#include "run/child_location.h"
#include "run/fix_files.h"
#include "run/lint.h"
#include "run/lint_many.h"
#include "run/memory_limit.h"
#include "run/notice.h"
#include "run/output_file.h"
#include "run/set_shard.h"
#include "run/site.h"

namespace sitemaplint {
namespace {

int config_error(const std::string& message) {
  print_error(message);
  return kExitUsage;
}

// The exit code for a run with findings that fail it: 1, or 0 with --exit-zero.
int findings_exit(const CliOptions& options) { return options.exit_zero ? kExitClean : kExitFindings; }

// --list-rules, --list-profiles and --explain: documentation, no linting. nullopt when none was asked for.
std::optional<int> documentation(const CliOptions& options) {
  if (!options.list_rules.empty()) {
    if (options.list_rules == "json") write_rule_list_json(std::cout);
    else if (options.list_rules == "markdown") std::cout << rule_table_markdown();
    else write_rule_list_text(std::cout);
    return kExitClean;
  }
  if (!options.list_profiles.empty()) {
    if (options.list_profiles == "markdown") std::cout << profile_table_markdown();
    else write_profile_list_text(std::cout);
    return kExitClean;
  }
  if (options.explain.empty()) return std::nullopt;
  if (const RuleInfo* rule = find_rule(options.explain)) {
    write_explanation(*rule, std::cout);
    return kExitClean;
  }
  // A family ("lastmod") or a code prefix ("SM4"): its rules, as --list-rules lists them.
  if (const std::vector<const RuleInfo*> rules = rules_named(options.explain); !rules.empty()) {
    write_rule_list_text(rules, std::cout);
    std::cout << "\nsitemaplint --explain " << rules.front()->code << " explains one of them.\n";
    return kExitClean;
  }
  print_error("--explain: " + unknown_rule_message(options.explain));
  return kExitUsage;
}

// The command line's share of every input's profile: --profile, rule choices, --now, --base-url.
bool command_line_choices(const CliOptions& options, CommandLineChoices* out, std::string* error) {
  const ChoiceWords words{options.profile,    options.select, options.ignore,
                          options.severities, options.now,    options.base_url};
  return resolve_choices(words, out, error);
}

// The run's own fetches (sitemaps, robots.txt): the hosts the user named (the inputs, the run's
// robots.txt from the command line or the config), and the User-Agent the live pages are asked
// with too (--user-agent, or user-agent = in the config).
FetchOptions fetch_options_for(const CliOptions& options, const RunSettings& run) {
  std::vector<std::string> named = options.paths;
  named.push_back(run.robots.value_or(""));
  FetchOptions fetch = run_fetch_options(options.timeout_seconds, options.allowed_hosts, named);
  if (run.user_agent) fetch.user_agent = *run.user_agent;
  return fetch;
}

// --show-config: the effective settings of each input, or of a file in the current directory.
int show_config(const std::vector<std::string>& paths, ConfigResolver& configs, const RunSettings& run) {
  const std::vector<std::string> inputs = paths.empty() ? std::vector<std::string>{"-"} : paths;
  std::string error;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (i > 0) std::cout << '\n';
    const std::string label = paths.empty()      ? "a sitemap in the current directory"
                              : inputs[i] == "-" ? "standard input"
                                                 : inputs[i];
    const Profile* profile = configs.profile_for(inputs[i], &error);
    if (!profile) return config_error(error);  // a broken config, or one that leaves no rule to run
    write_effective_config(label, *profile, run, std::cout);
    std::error_code missing;
    if (!paths.empty() && inputs[i] != "-" && !is_url(inputs[i]) && !std::filesystem::exists(inputs[i], missing)) {
      std::cout << "# note: " << inputs[i] << " does not exist (yet); these are the settings it would get\n";
    }
  }
  return kExitClean;
}

void print_input_errors(const std::vector<InputError>& errors) {
  for (const InputError& error : errors) print_error(error.message);
}

// --write-baseline: the findings to a file (through a temporary file, renamed into place), no report.
int write_baseline_file(const std::string& path, const std::vector<FileReport>& reports,
                        const std::vector<InputError>& input_errors) {
  OutputFile baseline;
  std::string error;
  if (!baseline.open(path, &error)) return usage_error("--write-baseline: " + error);
  const std::size_t written = write_baseline(reports, baseline.stream());
  if (!baseline.commit(&error)) return config_error("--write-baseline: " + error + " (the file is as it was)");
  print_input_errors(input_errors);
  print_notice("wrote " + counted(written, "finding") + " to " + path);
  return input_errors.empty() ? kExitClean : kExitUsage;
}

std::size_t count_findings(const std::vector<FileReport>& reports) {
  std::size_t n = 0;
  for (const FileReport& report : reports) n += report.diagnostics.size();
  return n;
}

bool apply_baseline_file(const std::string& path, std::vector<FileReport>* reports, std::string* error) {
  // A baseline is a regular file of reasonable size: /dev/zero or a FIFO must not hang the run.
  constexpr std::uintmax_t kMaxBaselineBytes = std::uintmax_t{256} << 20;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    *error = "--baseline: '" + path + "' is not a regular file";
    return false;
  }
  if (std::filesystem::file_size(path, ec) > kMaxBaselineBytes) {
    *error = "--baseline: '" + path + "' is larger than 256 MiB; that is no baseline sitemaplint wrote";
    return false;
  }
  // Read as it is when opened: a FIFO swapped in since the checks above would block the run.
  std::string text, why;
  if (!read_regular_file(path, kMaxBaselineBytes, &text, &why)) {
    *error = "--baseline: cannot read '" + path + "': " + why;
    return false;
  }
  if (apply_baseline(text, reports, error)) return true;
  *error = "--baseline: " + path + ": " + *error;
  return false;
}

// --fix -: the fixed text on standard output (for editors' format-on-save), what is left as a
// short report on standard error; exit 1 when errors remain.
int fix_standard_input(const CliOptions& options, ConfigResolver& configs, std::optional<Severity> min_severity) {
  Input input;
  std::string error;
  if (!load_input("-", &input, &error)) return usage_error(error);
  if (input.compressed) return usage_error("--fix -: compressed input is not fixed; give the uncompressed text");
  const std::string name = options.stdin_filename.empty() ? "-" : options.stdin_filename;
  const std::string fixed = fix_text("-", input.bytes, configs.lookup(), &error);
  if (!error.empty()) return usage_error(error);
  std::cout << fixed;
  std::cout.flush();
  const Profile* profile = configs.lookup()("-", &error);
  FileReport report = lint_bytes(name, fixed, profile->selection, profile->settings);
  std::vector<FileReport> reports;
  reports.push_back(std::move(report));
  if (min_severity) leave_out_below(*min_severity, &reports);
  write_human(reports, RunStatus{}, HumanStyle{false, true}, std::cerr);
  return count(reports).errors > 0 ? findings_exit(options) : kExitClean;
}

// Every file the run reads: `sitemaps`, and a robots.txt, a baseline and a config file named
// for it. No output may replace one of them.
std::vector<std::string> files_read(std::vector<std::string> sitemaps, const CliOptions& options,
                                    const RunSettings& run) {
  if (run.robots) sitemaps.push_back(*run.robots);
  for (const std::string* other : {&options.baseline, &options.config}) {
    if (!other->empty()) sitemaps.push_back(*other);
  }
  return sitemaps;
}

// The reports of a run that is over are left for the process's exit to take back: freed one
// allocation at a time, 20,000 findings and a site's page facts cost more than writing them. The
// last run's stay reachable (a leak checker does not report them); an earlier run's, in a process
// that runs several, are freed when the next one ends.
void leave_to_exit(std::vector<FileReport> reports) {
  static std::vector<FileReport>* left = nullptr;
  delete left;
  left = new std::vector<FileReport>(std::move(reports));
}

// The run's warning limit, from the command line or the config, with the run's warnings.
std::optional<WarningLimit> warning_limit(const std::vector<FileReport>& reports, const RunSettings& run,
                                          const CliOptions& options, const ConfigFile* project) {
  if (!run.max_warnings) return std::nullopt;
  WarningLimit limit;
  limit.limit = static_cast<std::size_t>(*run.max_warnings);
  limit.warnings = count(reports).warnings;
  limit.source = options.max_warnings >= 0
                     ? "--max-warnings " + std::to_string(*run.max_warnings)
                     : "max-warnings = " + std::to_string(*run.max_warnings) + " in " + project->path.string();
  return limit;
}

// Exit 1 on an error finding, or on more warnings than the limit (saying why).
int findings_exit_code(const std::vector<FileReport>& reports, const RunStatus& status) {
  if (count(reports).errors > 0) return kExitFindings;
  if (!status.warning_limit || !status.warning_limit->exceeded()) return kExitClean;
  print_notice(status.warning_limit->message());
  return kExitFindings;
}

}  // namespace

int usage_error(const std::string& message) {
  print_error(message + " (see sitemaplint --help)");
  return kExitUsage;
}

int run(const CliOptions& options) {
  if (const auto done = documentation(options)) return *done;
  if (options.statistics && options.format != "human" && options.format != "json") {
    return usage_error("--statistics prints a table, or JSON with --format json; it has no " + options.format +
                       " form");
  }
  if (std::count(options.paths.begin(), options.paths.end(), "-") > 1) {
    return usage_error("'-' (standard input) is given more than once");
  }
  std::string error;
  const auto targets = report_targets(options, &error);
  if (!targets) return usage_error(error);

  // The configuration: the command line's choices on top of each input's sitemaplint.toml.
  CommandLineChoices command_line;
  if (!command_line_choices(options, &command_line, &error)) return usage_error(error);
  const std::int64_t now = command_line.now;
  // The HTML report shows the site's URLs, lastmods and sections: the walk gathers them only then.
  command_line.collect_overview =
      std::any_of(targets->begin(), targets->end(), [](const ReportTarget& target) { return target.format == "html"; });
  // Findings keep their entry's URL only for a baseline, which keys them on it.
  command_line.record_subjects =
      !options.baseline.empty() || !options.write_baseline.empty() || options.command == "records";
  const ConfigSource config_source = options.no_config        ? ConfigSource::None
                                     : options.config.empty() ? ConfigSource::Discover
                                                              : ConfigSource::Given;
  ConfigResolver configs(std::move(command_line), config_source, options.config);
  if (!options.stdin_filename.empty()) {
    if (std::find(options.paths.begin(), options.paths.end(), "-") == options.paths.end()) {
      return usage_error("--stdin-filename names standard input, but '-' is not among the inputs");
    }
    configs.name_standard_input(options.stdin_filename);
  }

  // The inputs: directories searched (without what the config excludes).
  std::vector<std::pair<std::string, std::string>> expansion_errors;
  // merge: the paths are shards' folders, read as they are.
  std::vector<std::string> paths =
      options.command == "merge"
          ? options.paths
          : expand_inputs(options.paths, &expansion_errors, [&](const std::string& path, bool is_directory) {
              std::string ignored;  // a broken config is reported below, for the files it governs
              return configs.excluded(path, is_directory, &ignored);
            });
  if (options.force_exclude) {
    if (const auto done = force_exclude(options, configs, &paths)) return *done;
  }
  std::vector<InputError> input_errors;
  for (auto& [path, message] : expansion_errors) input_errors.push_back({path, message});
  // A broken config file stops the run before any linting, with its file, line and column.
  for (const std::string& path : paths) {
    if (!configs.profile_for(path, &error)) return config_error(error);
  }
  // Settings of the whole run come from the config of the first input (or of the current
  // directory); the command line has the last word.
  const ConfigFile* project = configs.config_for(paths.empty() ? "-" : paths.front(), &error);
  if (!project && !error.empty()) return config_error(error);
  // A config's root or robots outside its directory is an error, unless the command line's wins.
  if (project && project->root_refused && options.root.empty()) return config_error(*project->root_refused);
  if (project && project->robots_refused && options.robots.empty()) return config_error(*project->robots_refused);
  if (project && project->cache_refused && options.cache.empty()) return config_error(*project->cache_refused);
  RunSettings run_settings;
  if (!settle_run_settings(options, project, &run_settings, &error)) return usage_error(error);
  if (options.show_config) return show_config(paths, configs, run_settings);
  if (!options.command.empty()) {
    if (const auto refusal = shard_refusal(options, run_settings)) return usage_error(*refusal);
  }
  // A robots.txt (--robots, or robots = in the config) is an input of its own.
  if (options.paths.empty() && !run_settings.robots) {
    return usage_error("no input: give one or more sitemap paths, or '-' for stdin");
  }
  // Shown above even before a build creates it; linting needs it.
  if (run_settings.root) {
    std::error_code ec;
    if (!std::filesystem::is_directory(*run_settings.root, ec)) {
      return usage_error((options.root.empty() ? "root = " : "--root: ") + *run_settings.root + " is not a directory");
    }
  }

  // --pages: the build's pages, for the fixes and the lint alike.
  std::shared_ptr<const PageLookup> pages;
  if (run_settings.pages && run_settings.pages_live) {
    pages = live_pages(paths, configs, {options.seed, options.pages_log, options.jobs}, run_settings,
                       fetch_options_for(options, run_settings), &error);
    if (!pages) return usage_error(error);
  } else if (run_settings.pages) {
    pages = build_pages(paths, configs, run_settings, &error);
    if (!pages) return usage_error(error);
  }
  const ProfileLookup lookup = pages ? with_pages(configs.lookup(), pages) : configs.lookup();

  // No output replaces an input, checked before anything is written (a fix included); and again
  // before the reports, against the children of indexes too.
  if (std::string refusal = outputs_over_inputs(options, *targets, files_read(paths, options, run_settings));
      !refusal.empty()) {
    return usage_error(refusal);
  }
  // --diff shows the fixes and writes nothing, with or without --fix (a dry run).
  if (options.diff) {
    const int fixed = fix_files(paths, options.paths, lookup, FixMode::Diff);
    return fixed < 0 ? kExitUsage : fixed > 0 ? findings_exit(options) : kExitClean;
  }
  if (options.fix && std::find(paths.begin(), paths.end(), "-") != paths.end()) {
    if (paths.size() > 1) return usage_error("--fix - fixes standard input alone; name the files in another run");
    return fix_standard_input(options, configs, run_settings.min_severity);
  }
  if (options.fix && fix_files(paths, options.paths, lookup, FixMode::Write) < 0) return kExitUsage;

  // Linting the whole set: inputs, the children of indexes, checks across them.
  SiteOptions site;
  site.root = run_settings.root.value_or("");
  site.jobs = options.jobs;
  site.memory_limit =
      run_settings.memory_limit ? parse_memory_limit(*run_settings.memory_limit).value_or(0) : default_memory_limit();
  // The live site: a sitemap's rules mostly wait for its pages, so every sitemap gets a thread of
  // its own (up to 16) and all of their hosts are fetched at once, each at its own pace.
  if (pages && pages->live() && options.jobs == 0) site.jobs = 16;
  site.robots = run_settings.robots.value_or("");
  site.pages = pages;
  site.each_unlisted_page = run_settings.coverage;
  site.fetch = fetch_options_for(options, run_settings);
  RunProgress progress;
  site.progress = &progress;
  if (pages) progress.pages_read = [pages] { return pages->pages_read(); };
  if (const auto* live = dynamic_cast<const LivePages*>(pages.get())) {
    progress.page_errors = [live, pages] { return live->request_errors(); };
    progress.page_hosts = [live, pages] {
      std::vector<RunProgress::HostProgress> hosts;
      for (const LiveHostProgress& h : live->host_progress())
        hosts.push_back({h.host, h.done, h.in_flight, h.waiting, h.seconds_left});
      return hosts;
    };
  }
  if (pages) list_build_ahead(*pages, site.jobs);  // beside the sitemap's parse
  // A shard's settings name the config the run used, found or given: a run that found none agrees
  // with one told to read none, and with the library's.
  CliOptions shard_options = options;
  shard_options.config = project ? project->path.string() : "";
  shard_options.no_config = !project;
  if (options.command == "records") return write_records(paths, configs.lookup(), site, shard_options, run_settings);
  if (options.command == "merge" && options.partition >= 0)
    return check_partition(paths, configs.lookup(), shard_options, run_settings);
  ProgressDisplay display(progress, !options.no_progress && stderr_is_terminal());
  std::vector<Outcome> outcomes;
  if (options.command == "merge") {
    if (!merge(paths, configs.lookup(), shard_options, run_settings, &outcomes, &error)) {
      print_error("merge: " + error);  // the shards, not the options, are wrong: no pointer to --help
      return kExitUsage;
    }
  } else {
    outcomes = lint_site(paths, configs.lookup(), site);
  }
  display.stop();
  if (pages) {
    if (auto log_error = pages_log_error(*pages, options.pages_log)) input_errors.push_back(std::move(*log_error));
  }
  std::vector<FileReport> reports;
  std::vector<std::string> linted;
  for (Outcome& outcome : outcomes) {
    linted.push_back(outcome.path);
    if (!outcome.report) {
      input_errors.push_back({outcome.path, outcome.error});
      continue;
    }
    if (outcome.path == "-" && !options.stdin_filename.empty()) outcome.report->path = options.stdin_filename;
    reports.push_back(std::move(*outcome.report));
  }
  const std::size_t left_out = run_settings.min_severity ? leave_out_below(*run_settings.min_severity, &reports) : 0;
  if (std::string refusal =
          outputs_over_inputs(options, *targets, files_read(std::move(linted), options, run_settings));
      !refusal.empty()) {
    return usage_error(refusal);
  }
  if (!options.write_baseline.empty()) return write_baseline_file(options.write_baseline, reports, input_errors);
  RunStatus status;
  if (!options.baseline.empty()) {
    const std::size_t before = count_findings(reports);
    if (!apply_baseline_file(options.baseline, &reports, &error)) return usage_error(error);
    status.baseline_hidden = before - count_findings(reports);
  }

  // What fails the run besides its findings goes into every report too, whatever its format.
  status.input_errors = std::move(input_errors);
  status.warning_limit = warning_limit(reports, run_settings, options, project);
  if (pages) status.pages = pages_summary(*pages);
  print_input_errors(status.input_errors);
  const HumanStyle style{false, options.quiet, left_out, run_settings.min_severity.value_or(Severity::Info)};
  if (const auto failed = write_reports(options, *targets, reports, status, style, now)) return *failed;
  if (!status.input_errors.empty()) return kExitUsage;
  const int code = findings_exit_code(reports, status);
  leave_to_exit(std::move(reports));
  return code == kExitFindings ? findings_exit(options) : code;
}

}  // namespace sitemaplint
