// The library's Linter: the settings resolved once as the command line resolves its options
// (api/run_choices.h), then each lint as `sitemaplint PATH...` runs it (run/site.h).
#include <sitemaplint/lint.h>

#include <filesystem>

#include "api/page_setup.h"
#include "api/report_writer.h"
#include "api/results.h"
#include "api/run_choices.h"
#include "config/show.h"
#include "load/source.h"
#include "pages/host_rules.h"
#include "run/child_location.h"
#include "run/set_rules.h"
#include "run/set_shard.h"
#include "run/site.h"

namespace sitemaplint::api {

std::string_view severity_name(Severity severity) {
  return sitemaplint::severity_name(static_cast<sitemaplint::Severity>(severity));
}

std::string_view library_version() { return SITEMAPLINT_VERSION; }

struct Linter::Impl {
  Settings settings;
  std::unique_ptr<ConfigResolver> configs;  // holds a mutex: it stays where it was made
  SiteOptions site;
  RunSettings run;  // the pages' settings (--pages and the live audit's), the config's where not given
  std::optional<sitemaplint::Severity> min_severity;
  std::int64_t now = 0;  // the run's clock, which the HTML report measures lastmod ages from

  Result finish(std::vector<Outcome> outcomes, std::vector<sitemaplint::InputError> input_errors,
                std::optional<sitemaplint::PagesSummary> pages = std::nullopt) const {
    std::vector<FileReport> reports;
    for (Outcome& outcome : outcomes) {
      if (outcome.report) reports.push_back(std::move(*outcome.report));
      else input_errors.push_back({outcome.path, outcome.error});
    }
    const std::size_t left_out = min_severity ? leave_out_below(*min_severity, &reports) : 0;
    Result result = to_result(reports, input_errors, left_out);
    if (pages) result.pages = to_pages_summary(*pages);
    // The reports stay for write_report; the set's facts are done with.
    auto run = std::make_shared<RunReports>();
    // A Result may be kept for long, many of them: it holds no spare buffer of its file.
    for (FileReport& report : reports) {
      report.facts.clear();
      std::string().swap(report.spare_buffer);
    }
    run->reports = std::move(reports);
    run->status.input_errors = std::move(input_errors);
    run->status.pages = std::move(pages);
    run->human = {false, false, left_out, min_severity.value_or(sitemaplint::Severity::Info)};
    run->overview = settings.html_overview;
    run->now = now;
    result.run = std::move(run);
    return result;
  }

  // How a run fetches: `named` are the hosts it may reach on internal addresses.
  FetchOptions fetch_options_of(const std::vector<std::string>& named, const StopFlag* stop) const {
    FetchOptions fetch = run_fetch_options(settings.timeout_seconds, settings.allowed_hosts, named);
    if (run.user_agent) fetch.user_agent = *run.user_agent;
    if (stop) fetch.stop = &stop->flag();
    return fetch;
  }

  // A run's pages (run.pages): the build's, or the live site's, fetched as `fetch` says.
  std::shared_ptr<const PageLookup> pages_of(const std::vector<std::string>& paths, const FetchOptions& fetch) const {
    std::string why;
    std::shared_ptr<const PageLookup> pages =
        run.pages_live
            ? live_pages(paths, *configs, {settings.seed, settings.pages_log, settings.jobs}, run, fetch, &why)
            : build_pages(paths, *configs, run, &why);
    if (!pages) throw SettingsError(setting_message(why));
    return pages;
  }

  // The run of `paths` as the command line runs it, --pages included: a run of its own, whose
  // pages are looked up (or fetched) once each and summed up in *pages.
  std::vector<Outcome> lint_site_of(const std::vector<std::string>& paths, const StopFlag* stop,
                                    std::optional<sitemaplint::PagesSummary>* pages_summed = nullptr,
                                    std::vector<sitemaplint::InputError>* input_errors = nullptr) const {
    SiteOptions options = site;
    std::vector<std::string> named = paths;
    named.push_back(site.robots);
    options.fetch = fetch_options_of(named, stop);
    if (!run.pages) return lint_site(paths, configs->lookup(), options);
    std::shared_ptr<const PageLookup> pages = pages_of(paths, options.fetch);
    options.pages = pages;
    // The live site: a sitemap's rules mostly wait for its pages (as on the command line).
    if (pages->live() && options.jobs == 0) options.jobs = 16;
    if (!pages->live()) list_build_ahead(*pages, options.jobs);
    std::vector<Outcome> outcomes = lint_site(paths, with_pages(configs->lookup(), pages), options);
    if (pages_summed) *pages_summed = pages_summary(*pages);
    if (auto log_error = pages_log_error(*pages, settings.pages_log); log_error && input_errors)
      input_errors->push_back(std::move(*log_error));
    return outcomes;
  }
};

namespace {

ChoiceWords choice_words(const Settings& settings) {
  ChoiceWords words{settings.profile, settings.select, settings.ignore, {}, settings.now, settings.base_url};
  for (const auto& [rule, level] : settings.severities)
    words.severities.push_back(rule + "=" + std::string(severity_name(level)));
  return words;
}

// The settings of --pages and of the live audit, the config's where these leave them open, as
// the command line settles them (cli/run_settings.cpp). Throws SettingsError.
void settle_pages(const Settings& settings, const ConfigFile* config, RunSettings& run) {
  run.pages = settings.pages || (config && config->pages.value_or(false));
  run.pages_live = run.pages && config && config->pages_live;
  if (!run.pages) {
    const std::pair<bool, const char*> given[] = {
        {!settings.host.empty(), "host"},     {settings.rate != 0, "rate"},
        {settings.max_urls != 0, "max_urls"}, {settings.sample != 0, "sample"},
        {!settings.cache.empty(), "cache"},   {!settings.pages_log.empty(), "pages_log"}};
    for (const auto& [set, name] : given) {
      if (set) throw SettingsError(std::string(name) + ": takes effect with pages only");
    }
  }
  if (!settings.host.empty() && !host_kind_named(settings.host))
    throw SettingsError("host: unknown host '" + settings.host + "' (see docs/pages.md for the hosts)");
  if (settings.rate != 0 && !(settings.rate >= 0.01 && settings.rate <= 1000))
    throw SettingsError("rate: expected 0.01 to 1000 requests a second, got " + std::to_string(settings.rate));
  if (!settings.user_agent.empty() && !is_valid_user_agent(settings.user_agent))
    throw SettingsError("user_agent: expected one line of text (no line break or other control character)");
  if (settings.max_urls > 100'000'000 || settings.sample > 100'000'000)
    throw SettingsError("max_urls, sample: expected at most 100,000,000");
  if (config) {
    run.host = config->host;
    take_live_settings(*config, run);
  }
  if (!settings.host.empty()) run.host = settings.host;
  run.coverage = settings.coverage || (config && config->coverage.value_or(false));
  if (settings.rate != 0) run.rate = settings.rate;
  if (!settings.user_agent.empty()) run.user_agent = settings.user_agent;
  if (settings.max_urls != 0) run.max_urls = settings.max_urls;
  if (settings.sample != 0) run.sample = settings.sample;
  if (!settings.cache.empty()) run.cache = settings.cache;
}

}  // namespace

Linter::Linter(Settings settings) : impl_(std::make_unique<Impl>()) {
  std::string error;
  CommandLineChoices choices;
  if (!resolve_choices(choice_words(settings), &choices, &error)) throw SettingsError(setting_message(error));
  choices.record_subjects = false;  // only a baseline reads a finding's entry URL
  choices.collect_overview = settings.html_overview;
  impl_->now = choices.now;
  impl_->configs = std::make_unique<ConfigResolver>(
      std::move(choices), settings.config.empty() ? ConfigSource::None : ConfigSource::Given, settings.config);
  // The config's settings of a whole run, where these settings leave them open, as on the command line.
  const ConfigFile* config = impl_->configs->config_for("-", &error);
  if (!config && !error.empty()) throw SettingsError(error);
  if (config && config->root_refused && settings.root.empty()) throw SettingsError(*config->root_refused);
  if (config && config->robots_refused && settings.robots.empty()) throw SettingsError(*config->robots_refused);
  settle_pages(settings, config, impl_->run);
  impl_->min_severity = config ? config->min_severity : std::nullopt;
  if (settings.min_severity) impl_->min_severity = static_cast<sitemaplint::Severity>(*settings.min_severity);
  impl_->site.root = !settings.root.empty() ? settings.root : config && config->root ? *config->root : "";
  impl_->site.robots = !settings.robots.empty() ? settings.robots : config && config->robots ? *config->robots : "";
  std::error_code ec;
  if (!impl_->site.root.empty() && !std::filesystem::is_directory(impl_->site.root, ec)) {
    throw SettingsError("root: " + impl_->site.root + " is not a directory");
  }
  if (!(settings.timeout_seconds >= 0.1 && settings.timeout_seconds <= 3600)) {
    throw SettingsError("timeout_seconds: expected 0.1 to 3600 seconds, got " +
                        std::to_string(settings.timeout_seconds));
  }
  impl_->run.root = impl_->site.root.empty() ? std::nullopt : std::optional(impl_->site.root);
  impl_->run.robots = impl_->site.robots.empty() ? std::nullopt : std::optional(impl_->site.robots);
  if (impl_->run.pages && !impl_->run.root) impl_->run.pages_live = true;
  if (impl_->run.pages_live && (!settings.host.empty() || settings.coverage))
    throw SettingsError(setting_message(settings.coverage ? std::string("--coverage: ") + kCoverageLiveWhy
                                                          : std::string("--host: ") + kHostLiveWhy));
  impl_->site.each_unlisted_page = impl_->run.pages && impl_->run.coverage;
  impl_->site.jobs = settings.jobs;
  impl_->settings = std::move(settings);
}

Linter::~Linter() = default;
Linter::Linter(Linter&&) noexcept = default;
Linter& Linter::operator=(Linter&&) noexcept = default;

const Settings& Linter::settings() const { return impl_->settings; }

namespace {

// A lint asked to stop ends here, whatever it got to: what it has is not the whole result.
void throw_if_stopped(const StopFlag* stop) {
  if (stop && stop->requested()) throw Stopped("the lint was stopped before it ended");
}

}  // namespace

Result Linter::lint_bytes(std::string_view bytes, const std::string& name, const StopFlag* stop) const {
  std::string error;
  const Profile* profile = impl_->configs->profile_for(name, &error);
  if (!profile) throw SettingsError(error);
  // Linted as the command line lints its one input, checks across the set included (a file alone
  // is a set of one: its hreflang pairs, say).
  sitemaplint::Settings settings = profile->settings;
  std::shared_ptr<const PageLookup> pages;
  if (impl_->run.pages) {
    settings.pages = pages = impl_->pages_of({name}, impl_->fetch_options_of({name}, stop));
  }
  settings.collect_set_facts = true;
  settings.sole_input = true;
  settings.only_input = true;
  std::vector<Outcome> outcomes(1);
  outcomes[0].path = name;
  Input input = input_from_bytes(name, std::string(bytes));
  // A robots.txt is read as one wherever it comes from, never judged as a sitemap.
  input.robots_txt = names_robots_txt(name);
  outcomes[0].report = lint_input(std::move(input), profile->selection, settings, LintScope::InASet);
  SetMember member{&*outcomes[0].report, &profile->selection, kNoFile, {}};
  finish_set(std::span(&member, 1), &settings);
  throw_if_stopped(stop);
  if (!pages) return impl_->finish(std::move(outcomes), {});
  std::vector<sitemaplint::InputError> input_errors;
  if (auto log_error = pages_log_error(*pages, impl_->settings.pages_log))
    input_errors.push_back(std::move(*log_error));
  return impl_->finish(std::move(outcomes), std::move(input_errors), pages_summary(*pages));
}

Result Linter::lint_file(const std::string& path, const StopFlag* stop) const {
  std::optional<sitemaplint::PagesSummary> pages;
  std::vector<sitemaplint::InputError> input_errors;
  std::vector<Outcome> outcomes = impl_->lint_site_of({path}, stop, &pages, &input_errors);
  throw_if_stopped(stop);
  // With --robots the robots.txt comes first; the file given is the first outcome of its path.
  for (const Outcome& outcome : outcomes) {
    if (outcome.path == path && !outcome.report) throw UnreadableInputError(outcome.error);
  }
  return impl_->finish(std::move(outcomes), std::move(input_errors), std::move(pages));
}

Result Linter::lint_files(const std::vector<std::string>& paths, const StopFlag* stop) const {
  std::vector<std::pair<std::string, std::string>> expansion_errors;
  ConfigResolver& configs = *impl_->configs;
  const std::vector<std::string> expanded =
      expand_inputs(paths, &expansion_errors, [&](const std::string& path, bool is_directory) {
        std::string ignored;  // a broken config was refused when the Linter was made
        return configs.excluded(path, is_directory, &ignored);
      });
  std::vector<sitemaplint::InputError> input_errors;
  for (auto& [path, message] : expansion_errors) input_errors.push_back({path, message});
  if (expanded.empty() && impl_->site.robots.empty()) return impl_->finish({}, std::move(input_errors));
  std::optional<sitemaplint::PagesSummary> pages;
  std::vector<Outcome> outcomes = impl_->lint_site_of(expanded, stop, &pages, &input_errors);
  throw_if_stopped(stop);
  return impl_->finish(std::move(outcomes), std::move(input_errors), std::move(pages));
}

namespace {

// What identifies these settings in a shard: the words the command line's shards are known by
// (cli/shard_commands.cpp), so that shards of either merge with the other's where they agree.
std::string identity_of(const Settings& settings, const std::string& root) {
  std::vector<std::string> words = {"profile=" + settings.profile,
                                    "now=" + settings.now,
                                    "base-url=" + settings.base_url,
                                    "config=" + settings.config,
                                    settings.config.empty() ? "no-config" : "",
                                    "root=" + root};
  for (const std::string& w : settings.select) words.push_back("select=" + w);
  for (const std::string& w : settings.ignore) words.push_back("ignore=" + w);
  for (const auto& [rule, level] : settings.severities)
    words.push_back("severity=" + rule + "=" + std::string(severity_name(level)));
  // Shards with the HTML report's overview and shards without it make no report together.
  if (settings.html_overview) words.push_back("html-overview");
  return settings_identity(words);
}

}  // namespace

void Linter::write_records(const std::vector<std::string>& paths, const std::string& out, unsigned partitions) const {
  if (!impl_->site.robots.empty())
    throw Error("robots: a robots.txt is read by one run of the whole set; a shard does not carry it");
  if (impl_->run.pages)
    throw Error("pages: the pages are checked by one run of the whole set; a shard does not carry them");
  if (partitions == 0 || partitions > kMaxShardPartitions)
    throw SettingsError("partitions: expected 1 to " + std::to_string(kMaxShardPartitions) + ", got " +
                        std::to_string(partitions));
  std::vector<std::pair<std::string, std::string>> expansion_errors;
  const std::vector<std::string> expanded = expand_inputs(paths, &expansion_errors);
  SiteOptions options = impl_->site;
  options.memory_limit = 0;  // the pages stay in memory until they are written as records
  std::vector<std::string> named = expanded;
  options.fetch = run_fetch_options(impl_->settings.timeout_seconds, impl_->settings.allowed_hosts, named);
  std::vector<unsigned> depth;
  options.set_stage = [&depth](std::span<SetMember> members, const sitemaplint::Settings* settings,
                               std::span<const unsigned> d) {
    depth.assign(d.begin(), d.end());
    shard_set_stage(members, settings);
  };
  std::vector<Outcome> outcomes = lint_site(expanded, impl_->configs->lookup(), options);
  // A folder that could not be searched is an input the run could not read, as lint_files says.
  for (auto& [path, message] : expansion_errors) {
    outcomes.insert(outcomes.begin(), Outcome{path, std::nullopt, message});
    depth.insert(depth.begin(), 0);
  }
  std::string error;
  if (!write_shard(outcomes, depth, out, partitions, identity_of(impl_->settings, impl_->site.root), &error))
    throw Error(error);
}

Result Linter::merge_records(const std::vector<std::string>& shards) const {
  std::vector<Outcome> outcomes;
  std::string error;
  if (!merge_shards(shards, impl_->configs->lookup(), identity_of(impl_->settings, impl_->site.root), &outcomes,
                    &error))
    throw Error(error);
  return impl_->finish(std::move(outcomes), {});
}

void Linter::check_partition(const std::vector<std::string>& shards, unsigned partition, const std::string& out) const {
  std::string error;
  if (!sitemaplint::check_partition(shards, partition, impl_->configs->lookup(),
                                    identity_of(impl_->settings, impl_->site.root), out, &error))
    throw Error(error);
}

Result Linter::merge_partitions(const std::vector<std::string>& shards,
                                const std::vector<std::string>& findings) const {
  std::vector<Outcome> outcomes;
  std::string error;
  if (!sitemaplint::merge_partitions(shards, findings, impl_->configs->lookup(),
                                     identity_of(impl_->settings, impl_->site.root), &outcomes, &error))
    throw Error(error);
  return impl_->finish(std::move(outcomes), {});
}

Result lint_bytes(std::string_view bytes, const Settings& settings, const std::string& name) {
  return Linter(settings).lint_bytes(bytes, name);
}

Result lint_file(const std::string& path, const Settings& settings) { return Linter(settings).lint_file(path); }

Result lint_files(const std::vector<std::string>& paths, const Settings& settings) {
  return Linter(settings).lint_files(paths);
}

}  // namespace sitemaplint::api
