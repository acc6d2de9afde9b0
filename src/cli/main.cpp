// Command-line parsing only (CLI11): the options, then run() (run.cpp) carries them out. The
// language server takes over before any parsing.
#include <CLI/CLI.hpp>
#include <csignal>
#include <iostream>
#include <string_view>

#include "pages/host_rules.h"
#include "cli/option_checks.h"
#include "engine/rule_profiles.h"
#include "cli/options.h"
#include "load/fetch.h"
#include "cli/outputs.h"
#include "cli/usage_hints.h"
#include "cli/version.h"
#include "lsp/server.h"
#include "docs/completions.h"
#include "docs/man_page.h"
#include "docs/reference_docs.h"
#include "load/mapped_file.h"
#include "analysis/message_text.h"
#include "run/memory_limit.h"

int main(int argc, char** argv) {
  using namespace sitemaplint;
  // The language server takes over standard input and output, so it is chosen before any parsing.
  if (argc > 1 && std::string_view(argv[1]) == "server") {
    // One option, for editors whose settings choose a profile: --profile NAME or --profile=NAME.
    const RuleProfile* profile = nullptr;
    std::string_view name;
    if (argc == 4 && std::string_view(argv[2]) == "--profile") name = argv[3];
    if (argc == 3 && std::string_view(argv[2]).starts_with("--profile=")) name = std::string_view(argv[2]).substr(10);
    if (argc > 2 && name.empty()) {
      return usage_error("'server' takes no arguments but --profile NAME; it speaks LSP on standard input and output");
    }
    if (!name.empty() && !(profile = find_rule_profile(name))) {
      return usage_error("--profile: " + unknown_profile_message(name));
    }
    // Unsynchronised streams read a 10 MB message in one go instead of a character at a time.
    std::ios::sync_with_stdio(false);
    // An editor that goes away mid-reply must end the server through the failed write, not SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    return lsp::run_server(std::cin, std::cout, std::cerr, profile);
  }
  CliOptions options;
  // 'records' (a shard of a set) and 'merge' (shards into one report) take a run's options.
  std::vector<char*> args(argv, argv + argc);
  if (argc > 1 && (std::string_view(argv[1]) == "records" || std::string_view(argv[1]) == "merge")) {
    options.command = argv[1];
    args.erase(args.begin() + 1);
  }
  OptionChecks checks;
  // 'records --help' and 'merge --help' say what the command does; the options are the run's.
  const std::string description =
      options.command == "records"
          ? "sitemaplint records: lints a shard of a set's files as a run of the whole set would, and writes "
            "their findings and the set's records to the folder -o DIR, for 'sitemaplint merge' (docs/usage.md)"
      : options.command == "merge"
          ? "sitemaplint merge: reports the shards 'sitemaplint records' wrote (DIR...: their folders, in order) "
            "as one run of all their files; --partition K -o FILE checks one partition alone, "
            "--partition-findings FILE (once per partition) merges with those findings (docs/usage.md)"
          : "sitemaplint: a fast, exact linter for XML sitemaps";
  CLI::App app{description, options.command.empty() ? "sitemaplint" : "sitemaplint " + options.command};
  app.set_version_flag("-V,--version", version_text, "Print the version, and those of the libraries in use, and exit");
  app.footer(
      "Language server: 'sitemaplint server' speaks LSP on standard input and output (see the README).\n"
      "A set in shards: 'sitemaplint records [OPTIONS] PATH... -o DIR' lints some of its files into DIR, and "
      "'sitemaplint merge [OPTIONS] DIR...' reports the shards as one run (docs/usage.md).");
  app.add_option("paths", options.paths,
                 "Sitemap files, directories to search for them, or http(s) URLs ('-' reads standard input)")
      ->type_name("PATH");
  checks
      .one_of(app.add_option("-f,--format", options.format, "Report format")->type_name("FORMAT"),
              report_format_names())
      ->default_str("human");
  app.add_option("-o,--output", options.outputs,
                 "Write the report to FILE instead of standard output; FORMAT=FILE (repeatable) also writes the "
                 "report in FORMAT to FILE, from the same run")
      ->type_name("FILE")
      ->allow_extra_args(false);
  // Each occurrence takes one value (comma-separated lists are split later), so that
  // "--select SM201 sitemap.xml" does not swallow the path.
  app.add_option("--select", options.select,
                 "Run only these rules (codes or names, comma-separated; ALL for every rule)")
      ->allow_extra_args(false)
      ->type_name("RULE");
  app.add_option("--ignore", options.ignore, "Do not run these rules (codes or names, comma-separated)")
      ->allow_extra_args(false)
      ->type_name("RULE");
  app.add_option("--severity", options.severities, "Override a rule's severity: RULE=error|warning|info (repeatable)")
      ->allow_extra_args(false)
      ->type_name("RULE=LEVEL");
  std::vector<std::string> profile_names;
  for (const RuleProfile& profile : all_rule_profiles()) profile_names.emplace_back(profile.name);
  checks.offers(app.add_option("--profile", options.profile,
                               "Start from this preset of rules and severities (default, google, xsd, protocol, bing, "
                               "strict); --select, --ignore, --severity and the config apply on top")
                    ->type_name("NAME"),
                profile_names);
  checks.one_of(app.add_option("--min-severity", options.min_severity,
                               "Report only findings at this level or above (and count only those for the exit code)")
                    ->type_name("LEVEL"),
                {"error", "warning", "info"});
  checks.whole_number(
      app.add_option("--max-warnings", options.max_warnings, "Exit 1 when there are more than N warnings")
          ->type_name("N"),
      0, 1'000'000'000);
  app.add_flag("--exit-zero", options.exit_zero,
               "Exit 0 even when there are findings (usage and input errors still exit 2)");
  app.add_flag("--sarif-all-rules", options.sarif_all_rules,
               "In --format sarif, describe every rule with its help, not only the rules that made a finding");
  app.add_flag("--statistics", options.statistics,
               "Print how many findings each rule made (code, name, severity, fixable) instead of the findings");
  app.add_option(
         "--base-url", options.base_url,
         "Where the sitemap will be served, e.g. https://example.com/sitemap.xml: every <loc> must lie under it")
      ->type_name("URL");
  app.add_option("--root", options.root,
                 "With --base-url: the directory that holds the site's '/', for finding an index's children")
      ->type_name("DIR");
  app.add_flag("--pages", options.pages,
               "Check what each listed URL leads to (missing, redirected, noindex, canonical elsewhere): in the build "
               "with --root and --base-url, else on the live site, fetched politely");
  std::vector<std::string> hosts;
  for (std::string_view name : host_names()) hosts.emplace_back(name);
  checks.one_of(app.add_option("--host", options.host,
                               "How the host serves --root for --pages (default plain: a web server such as nginx)")
                    ->type_name("HOST"),
                hosts);
  app.add_flag("--coverage", options.coverage,
               "With --pages: report each indexable page of the build that no sitemap lists (default: one finding "
               "with the count)");
  checks.whole_number(app.add_option("--max-urls", options.max_urls,
                                     "With --pages on the live site: fetch at most N listed URLs (default 10000)")
                          ->type_name("N"),
                      1, 100'000'000);
  checks.whole_number(
      app.add_option("--sample", options.sample,
                     "With --pages on the live site: fetch a random sample of N listed URLs (the same for the same "
                     "--seed)")
          ->type_name("N"),
      1, 100'000'000);
  checks.whole_number(
      app.add_option("--seed", options.seed, "The seed of --sample and of the soft-404 probe's path (default 29)")
          ->type_name("N"),
      0, 1'000'000'000);
  checks.number(app.add_option("--rate", options.rate,
                               "With --pages on the live site: requests a second per host at most (default 5)")
                    ->type_name("N"),
                0.01, 1000.0, "requests a second");
  // A CR LF in it would add a header of its own to every request.
  const CLI::Validator kOneLine(
      [](std::string& value) {
        return is_valid_user_agent(value)
                   ? std::string()
                   : "expected one line of text (no line break or other control character), got '" + value + "'";
      },
      "", "one line");
  app.add_option("--user-agent", options.user_agent,
                 "The User-Agent of live page fetches (default sitemaplint/VERSION (+project URL))")
      ->type_name("TEXT")
      ->check(kOneLine);
  // An empty name would be taken for no file at all: the run would write nothing, and say nothing.
  const CLI::Validator kNotEmpty(
      [](std::string& value) { return value.empty() ? std::string("expected a name, got ''") : std::string(); }, "",
      "not empty");
  app.add_option("--pages-log", options.pages_log,
                 "With --pages on the live site: write each URL the run asked about (status, final URL, time) as "
                 "JSON Lines")
      ->type_name("FILE")
      ->check(kNotEmpty);
  app.add_option("--cache", options.cache,
                 "With --pages on the live site: keep answers in DIR and ask again only if changed (ETag, "
                 "Last-Modified)")
      ->type_name("DIR")
      ->check(kNotEmpty);
  app.add_option("--now", options.now, "Treat this W3C datetime as now (for lastmod-in-future)")->type_name("DATETIME");
  checks.one_of(
      app.add_option("--list-rules", options.list_rules, "List every rule and exit (FORMAT: text, markdown, json)")
          ->expected(0, 1)
          ->default_str("text")
          ->type_name("FORMAT"),
      {"text", "markdown", "json"});
  checks.one_of(app.add_option("--list-profiles", options.list_profiles,
                               "List the profiles and what each changes, and exit (FORMAT: text, markdown)")
                    ->expected(0, 1)
                    ->default_str("text")
                    ->type_name("FORMAT"),
                {"text", "markdown"});
  app.add_option("--explain", options.explain, "Print a rule's documentation (a family's name: its rules) and exit")
      ->type_name("RULE");
  checks.completes(app.add_option("--robots", options.robots,
                                  "Also lint this robots.txt (URL or file) and every sitemap its Sitemap: lines name, "
                                  "and check every URL against its rules")
                       ->type_name("URL|FILE"),
                   ValueKind::File);
  checks.seconds(
      app.add_option("--timeout", options.timeout_seconds, "Give up on a URL after this many seconds (default 30)")
          ->type_name("SECONDS"),
      0.1, 3600.0);
  app.add_option("--allow-host", options.allowed_hosts,
                 "Fetch only from these hosts, beside those of the URLs given (repeatable, comma-separated)")
      ->allow_extra_args(false)
      ->type_name("HOST");
  checks.whole_number(
      app.add_option("-j,--jobs", options.jobs,
                     "Lint this many files at once, a large file on the cores they leave (default: one per core)")
          ->type_name("N"),
      1, 1024);
  checks.whole_number(app.add_option("--partitions", options.partitions,
                                     "records: split the set's pages into this many partitions (default 16)")
                          ->type_name("N"),
                      1, 65536);
  checks.whole_number(app.add_option("--partition", options.partition,
                                     "merge: check this partition of the shards alone, its findings to -o FILE")
                          ->type_name("K"),
                      0, 65535);
  checks.completes(app.add_option("--partition-findings", options.partition_findings,
                                  "merge: the shards with these findings of every partition (repeatable)")
                       ->allow_extra_args(false)
                       ->type_name("FILE"),
                   ValueKind::File);
  app.add_option("--memory-limit", options.memory_limit,
                 "Memory the checks across the set may hold before they write pages to a temporary folder "
                 "(default: a quarter of physical memory; 0 or none: no limit)")
      ->type_name("SIZE")
      ->check(CLI::Validator(
          [](std::string& value) {
            if (parse_memory_limit(value)) return std::string();
            return "expected a size such as 256MiB, 2G or none, got " + sitemaplint::quoted(value);
          },
          "", "size"));
  app.add_flag("--fix", options.fix,
               "Apply the safe fixes rules offer, writing each file atomically, then report what is left");
  app.add_flag("--diff", options.diff, "Print the fixes as a unified diff instead of writing them (exit 1 if any)");
  bool man_page = false;
  app.add_flag("--generate-man", man_page, "Print the man page (roff) and exit")->group("");
  std::string completion_shell;
  checks.one_of(
      app.add_option("--generate-completion", completion_shell, "Print the shell's completion script and exit")
          ->group(""),
      {kCompletionShells[0].data(), kCompletionShells[1].data(), kCompletionShells[2].data()});
  // docs/rules.md and docs/profiles.md, as tests/update-readme.sh writes them.
  std::string reference_page;
  checks.one_of(app.add_option("--generate-docs", reference_page, "Print a reference page of docs/ (Markdown) and exit")
                    ->group(""),
                {kReferencePages[0].data(), kReferencePages[1].data()});
  app.add_flag("-q,--quiet", options.quiet, "Print findings only: no source excerpt and no summary");
  app.add_flag("--no-progress", options.no_progress,
               "Never show progress on standard error (shown only on a terminal, once a run takes over a second)");
  checks.one_of(app.add_option("--color", options.color,
                               "Colour the human report: auto (a terminal, unless NO_COLOR is set), always, never")
                    ->type_name("WHEN"),
                {"auto", "always", "never"});
  CLI::Option* config =
      app.add_option("--config", options.config,
                     "Read settings from this sitemaplint.toml instead of the nearest one above each input")
          ->type_name("FILE");
  app.add_option("--stdin-filename", options.stdin_filename,
                 "Treat standard input ('-') as the file at PATH: for reports, config lookup and overrides")
      ->type_name("PATH");
  app.add_flag("--no-config", options.no_config, "Ignore every sitemaplint.toml")->excludes(config);
  app.add_flag("--force-exclude", options.force_exclude,
               "Apply the config's exclude globs to files named on the command line too (pre-commit names every file)");
  app.add_flag("--show-config", options.show_config,
               "Print the settings each input would be linted with (as TOML) and exit");
  CLI::Option* baseline = app.add_option("--baseline", options.baseline,
                                         "Do not report the findings this baseline file lists (see --write-baseline)")
                              ->type_name("FILE");
  app.add_option("--write-baseline", options.write_baseline,
                 "Write the current findings to FILE as a baseline and exit 0")
      ->excludes(baseline)
      ->type_name("FILE");
  try {
    app.parse(static_cast<int>(args.size()), args.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ExtrasError& e) {
    return usage_error(unexpected_arguments_message(app, e));
  } catch (const CLI::ParseError& e) {
    return usage_error(parse_error_message(e));
  }
  if (man_page) {
    write_man_page(checks.describe(app), std::cout);
    return 0;
  }
  if (!completion_shell.empty()) {
    write_completion(completion_shell, checks.describe(app), std::cout);
    return 0;
  }
  if (!reference_page.empty()) {
    write_reference_page(reference_page, std::cout);
    return 0;
  }
  // A shard's -o names its folder, not a report.
  if (options.command == "merge" && options.partition >= 0) {
    if (options.outputs.size() > 1) return usage_error("merge --partition: -o names the findings' file, once");
    options.records_dir = options.outputs.empty() ? "" : options.outputs.front();
    options.outputs.clear();
  }
  if (options.command == "records") {
    if (options.outputs.size() > 1) return usage_error("records: -o names the shard's folder, once");
    options.records_dir = options.outputs.empty() ? "" : options.outputs.front();
    options.outputs.clear();
  }
  if (app.count("--list-rules") && options.list_rules.empty()) options.list_rules = "text";
  if (app.count("--list-profiles") && options.list_profiles.empty()) options.list_profiles = "text";
  // Released files are mapped to be shown again (load/mapped_file.h): this process is the command
  // line's own, whose SIGBUS handler may end it.
  allow_mapped_files();
  return run(options);
}
