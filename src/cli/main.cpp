// Command-line wiring only: parse arguments, load inputs, lint, report, choose the exit code.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "run/baseline.h"
#include "run/child_location.h"
#include "config/resolve.h"
#include "config/show.h"
#include "run/lint.h"
#include "run/fix_files.h"
#include "run/lint_many.h"
#include "lsp/server.h"
#include "report/man_page.h"
#include "run/site.h"
#include "registry.h"
#include "analysis/message_text.h"
#include "report/report.h"
#include "report/rule_docs.h"
#include "analysis/sitemap_location.h"
#include "load/source.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

constexpr int kExitClean = 0;
constexpr int kExitFindings = 1;
constexpr int kExitUsage = 2;

struct CliOptions {
  std::vector<std::string> paths;
  std::string format = "human";
  std::string output;
  std::vector<std::string> select, ignore, severities;
  int max_warnings = -1;
  std::string now;
  std::string base_url;
  std::string list_rules;
  std::string explain;
  bool quiet = false;
  bool fix = false;
  bool diff = false;
  unsigned jobs = 0;
  double timeout_seconds = 30;
  std::string root;
  std::string robots;
  std::vector<std::string> allowed_hosts;
  std::string color = "auto";
  std::string baseline;
  std::string write_baseline;
  std::string config;
  std::string stdin_filename;
  bool no_config = false;
  bool show_config = false;
};

int usage_error(const std::string& message) {
  std::cerr << "sitemaplint: error: " << message << " (see sitemaplint --help)\n";
  return kExitUsage;
}

std::vector<std::string> split_commas(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const std::string& word : words) {
    std::stringstream stream(word);
    std::string item;
    while (std::getline(stream, item, ',')) {
      if (!item.empty()) out.push_back(item);
    }
  }
  return out;
}

bool use_color(const std::string& mode, bool to_terminal) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  return to_terminal;
}

int config_error(const std::string& message) {
  std::cerr << "sitemaplint: error: " << message << '\n';
  return kExitUsage;
}

// --show-config: the effective settings of each input, or of a file in the current directory.
int show_config(const std::vector<std::string>& paths, ConfigResolver& configs, const RunSettings& run) {
  const std::vector<std::string> inputs = paths.empty() ? std::vector<std::string>{"-"} : paths;
  std::string error;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    if (i > 0) std::cout << '\n';
    const std::string label = paths.empty() ? "a sitemap in the current directory"
                              : inputs[i] == "-"  ? "standard input"
                                                  : inputs[i];
    write_effective_config(label, *configs.profile_for(inputs[i], &error), run, std::cout);
    std::error_code missing;
    if (!paths.empty() && inputs[i] != "-" && !is_url(inputs[i]) && !std::filesystem::exists(inputs[i], missing)) {
      std::cout << "# note: " << inputs[i] << " does not exist (yet); these are the settings it would get\n";
    }
  }
  return kExitClean;
}

int list_rules(const std::string& format) {
  if (format == "json") write_rule_list_json(std::cout);
  else if (format == "markdown") std::cout << rule_table_markdown();
  else write_rule_list_text(std::cout);
  return kExitClean;
}

int run(const CliOptions& options) {
  if (!options.list_rules.empty()) return list_rules(options.list_rules);
  if (!options.explain.empty()) {
    const RuleInfo* rule = find_rule(options.explain);
    if (!rule) {
      std::string message = "unknown rule '" + options.explain + "'";
      const std::string hint = closest_rule(options.explain);
      message += did_you_mean(hint);
      return usage_error(message);
    }
    write_explanation(*rule, std::cout);
    return kExitClean;
  }
  if (options.paths.empty() && options.robots.empty() && !options.show_config) return usage_error("no input: give one or more sitemap paths, or '-' for stdin");
  if (std::count(options.paths.begin(), options.paths.end(), "-") > 1) {
    return usage_error("'-' (standard input) is given more than once");
  }

  CommandLineChoices command_line;
  std::string error;
  if (!parse_rule_layer(split_commas(options.select), split_commas(options.ignore), options.severities,
                        &command_line.rules, &error)) {
    return usage_error(error);
  }
  command_line.now = static_cast<std::int64_t>(std::time(nullptr));
  if (!options.now.empty()) {
    DatetimeError date_error;
    const auto now = parse_w3c_datetime(options.now, &date_error);
    if (!now) return usage_error("--now: " + date_error.message);
    command_line.now = to_unix_seconds(*now);
  }
  if (!options.base_url.empty()) {
    command_line.location = parse_sitemap_location(options.base_url, &error);
    if (!command_line.location) return usage_error("--base-url: " + error);
  }
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

  FetchOptions fetch_options;
  fetch_options.timeout_ms = static_cast<long>(options.timeout_seconds * 1000);
  fetch_options.connect_timeout_ms = std::min(fetch_options.timeout_ms, 10'000L);
  fetch_options.allowed_hosts = split_commas(options.allowed_hosts);
  // The hosts the user named may serve internal addresses; a host a fetched document names may not.
  fetch_options.trusted_hosts = fetch_options.allowed_hosts;
  for (const std::string& path : options.paths) {
    if (is_url(path)) fetch_options.trusted_hosts.push_back(host_of(path));
  }
  if (is_url(options.robots)) fetch_options.trusted_hosts.push_back(host_of(options.robots));
  std::vector<std::pair<std::string, std::string>> expansion_errors;
  const std::vector<std::string> paths =
      expand_inputs(options.paths, &expansion_errors, [&](const std::string& path, bool is_directory) {
        std::string ignored;  // a broken config is reported below, for the files it governs
        return configs.excluded(path, is_directory, &ignored);
      });
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
  RunSettings run_settings;
  if (project) run_settings = {project->max_warnings, project->root};
  if (options.max_warnings >= 0) run_settings.max_warnings = options.max_warnings;
  if (!options.root.empty()) run_settings.root = options.root;
  if (options.show_config) return show_config(paths, configs, run_settings);

  std::vector<FileReport> reports;
  if (options.fix || options.diff) {
    const int fixed = fix_files(paths, configs.lookup(), options.fix, options.diff);
    if (fixed < 0) return kExitUsage;
    if (!options.fix) return fixed > 0 ? kExitFindings : kExitClean;  // --diff alone: a dry run
  }

  SiteOptions site;
  site.root = run_settings.root.value_or("");
  site.jobs = options.jobs;
  site.fetch = fetch_options;
  site.robots = options.robots;
  for (Outcome& outcome : lint_site(paths, configs.lookup(), site)) {
    if (!outcome.report) {
      input_errors.push_back({outcome.path, outcome.error});
      continue;
    }
    if (outcome.path == "-" && !options.stdin_filename.empty()) outcome.report->path = options.stdin_filename;
    reports.push_back(std::move(*outcome.report));
  }

  if (!options.write_baseline.empty()) {
    std::ofstream baseline(options.write_baseline, std::ios::binary | std::ios::trunc);
    if (!baseline) return usage_error("--write-baseline: cannot write '" + options.write_baseline + "'");
    const std::size_t written = write_baseline(reports, baseline);
    baseline.flush();
    if (!baseline) return usage_error("--write-baseline: writing '" + options.write_baseline + "' failed");
    for (const InputError& error : input_errors) std::cerr << "sitemaplint: error: " << error.message << '\n';
    std::cerr << "sitemaplint: wrote " << written << " finding" << (written == 1 ? "" : "s") << " to "
              << options.write_baseline << '\n';
    return input_errors.empty() ? kExitClean : kExitUsage;
  }
  if (!options.baseline.empty()) {
    std::ifstream baseline(options.baseline, std::ios::binary);
    if (!baseline) return usage_error("--baseline: cannot read '" + options.baseline + "'");
    std::stringstream text;
    text << baseline.rdbuf();
    if (!apply_baseline(text.str(), &reports, &error)) return usage_error("--baseline: " + options.baseline + ": " + error);
  }

  std::ofstream file;
  if (!options.output.empty()) {
    // sitemaplint never writes to an input: a typo in a CI script must not destroy the sitemap.
    std::error_code ec;
    for (const std::string& path : paths) {
      if (path != "-" && !is_url(path) && std::filesystem::equivalent(path, options.output, ec)) {
        return usage_error("--output: '" + options.output + "' is one of the inputs; refusing to overwrite it");
      }
    }
    file.open(options.output, std::ios::binary | std::ios::trunc);
    if (!file) return usage_error("--output: cannot write '" + options.output + "'");
  }
  std::ostream& out = options.output.empty() ? std::cout : file;
  for (const InputError& error : input_errors) std::cerr << "sitemaplint: error: " << error.message << '\n';
  const bool unusable_input = !input_errors.empty();
  if (options.format == "json") {
    write_json(reports, input_errors, out);
  } else if (options.format == "gcc") {
    write_gcc(reports, out);
  } else if (options.format == "github") {
    write_github(reports, out);
  } else if (options.format == "junit") {
    write_junit(reports, input_errors, out);
  } else if (options.format == "sarif") {
    write_sarif(reports, out);
  } else {
    const bool terminal = options.output.empty() && ::isatty(STDOUT_FILENO);
    write_human(reports, HumanStyle{use_color(options.color, terminal), options.quiet}, out);
  }
  out.flush();
  if (!out) {
    std::cerr << "sitemaplint: error: writing the report failed\n";
    return kExitUsage;
  }

  if (unusable_input) return kExitUsage;
  const Totals totals = count(reports);
  if (totals.errors > 0) return kExitFindings;
  if (run_settings.max_warnings && totals.warnings > static_cast<std::size_t>(*run_settings.max_warnings)) {
    std::cerr << "sitemaplint: " << totals.warnings << " warning" << (totals.warnings == 1 ? "" : "s")
              << (totals.warnings == 1 ? " exceeds" : " exceed")
              << (options.max_warnings >= 0 ? " --max-warnings " + std::to_string(*run_settings.max_warnings)
                                            : " max-warnings = " + std::to_string(*run_settings.max_warnings) +
                                                  " in " + project->path.string())
              << '\n';
    return kExitFindings;
  }
  return kExitClean;
}

}  // namespace
}  // namespace sitemaplint

int main(int argc, char** argv) {
  using namespace sitemaplint;
  // The language server takes over standard input and output, so it is chosen before any parsing.
  if (argc > 1 && std::string_view(argv[1]) == "server") {
    if (argc > 2) return usage_error("'server' takes no arguments; it speaks LSP on standard input and output");
    // Unsynchronised streams read a 10 MB message in one go instead of a character at a time.
    std::ios::sync_with_stdio(false);
    // An editor that goes away mid-reply must end the server through the failed write, not SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    return lsp::run_server(std::cin, std::cout, std::cerr);
  }
  CliOptions options;
  CLI::App app{"sitemaplint: a fast, exact linter for XML sitemaps", "sitemaplint"};
  app.set_version_flag("--version", SITEMAPLINT_VERSION);
  app.footer("Language server: 'sitemaplint server' speaks LSP on standard input and output (see the README).");
  app.add_option("paths", options.paths,
                 "Sitemap files, directories to search for them, or http(s) URLs ('-' reads standard input)");
  app.add_option("-f,--format", options.format, "Report format")
      ->check(CLI::IsMember({"human", "json", "gcc", "github", "junit", "sarif"}))
      ->default_str("human");
  app.add_option("-o,--output", options.output, "Write the report to FILE instead of standard output");
  // Each occurrence takes one value (comma-separated lists are split later), so that
  // "--select SM201 sitemap.xml" does not swallow the path.
  app.add_option("--select", options.select, "Run only these rules (codes or names, comma-separated; ALL for every rule)")
      ->allow_extra_args(false);
  app.add_option("--ignore", options.ignore, "Do not run these rules (codes or names, comma-separated)")
      ->allow_extra_args(false);
  app.add_option("--severity", options.severities, "Override a rule's severity: RULE=error|warning|info (repeatable)")
      ->allow_extra_args(false);
  app.add_option("--max-warnings", options.max_warnings, "Exit 1 when there are more than N warnings")
      ->check(CLI::Range(0, 1'000'000'000));
  app.add_option("--base-url", options.base_url,
                 "Where the sitemap will be served, e.g. https://example.com/sitemap.xml: every <loc> must lie under it");
  app.add_option("--root", options.root,
                 "With --base-url: the directory that holds the site's '/', for finding an index's children");
  app.add_option("--now", options.now, "Treat this W3C datetime as now (for lastmod-in-future)");
  app.add_option("--list-rules", options.list_rules, "List every rule and exit (FORMAT: text, markdown, json)")
      ->expected(0, 1)
      ->default_str("text")
      ->check(CLI::IsMember({"text", "markdown", "json"}));
  app.add_option("--explain", options.explain, "Print a rule's documentation and exit");
  app.add_option("--robots", options.robots, "Also lint this robots.txt (URL or file) and every sitemap its Sitemap: lines name");
  app.add_option("--timeout", options.timeout_seconds, "Give up on a URL after this many seconds (default 30)")
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option("--allow-host", options.allowed_hosts, "Fetch only from these hosts (repeatable, comma-separated)")
      ->allow_extra_args(false);
  app.add_option("-j,--jobs", options.jobs, "Lint this many files at once (default: one per core)")
      ->check(CLI::Range(1u, 1024u));
  app.add_flag("--fix", options.fix, "Apply the safe fixes rules offer, writing each file atomically, then report what is left");
  app.add_flag("--diff", options.diff, "Print the fixes as a unified diff instead of writing them (exit 1 if any)");
  bool man_page = false;
  app.add_flag("--generate-man", man_page, "Print the man page (roff) and exit")->group("");
  app.add_flag("-q,--quiet", options.quiet, "Print findings only: no source excerpt and no summary");
  app.add_option("--color", options.color, "Colour the human report: auto (a terminal, unless NO_COLOR is set), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  CLI::Option* config = app.add_option("--config", options.config,
                                        "Read settings from this sitemaplint.toml instead of the nearest one above each input");
  app.add_option("--stdin-filename", options.stdin_filename,
                 "Treat standard input ('-') as the file at PATH: for reports, config lookup and overrides");
  app.add_flag("--no-config", options.no_config, "Ignore every sitemaplint.toml")->excludes(config);
  app.add_flag("--show-config", options.show_config,
               "Print the settings each input would be linted with (as TOML) and exit");
  CLI::Option* baseline = app.add_option("--baseline", options.baseline,
                                          "Do not report the findings this baseline file lists (see --write-baseline)");
  app.add_option("--write-baseline", options.write_baseline,
                 "Write the current findings to FILE as a baseline and exit 0")
      ->excludes(baseline);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return usage_error(e.what());
  }
  if (man_page) {
    write_man_page(app.help(), std::cout);
    return 0;
  }
  if (app.count("--list-rules") && options.list_rules.empty()) options.list_rules = "text";
  return run(options);
}
