#include "api/page_setup.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

#include "page_coverage.h"
#include "live/live_pages.h"
#include "live/url_sample.h"
#include "pages/disk_pages.h"
#include "load/input_path.h"
#include "run/child_location.h"
#include "run/notice.h"
#include "run/site.h"

namespace sitemaplint {

std::shared_ptr<const PageLookup> build_pages(const std::vector<std::string>& paths, ConfigResolver& configs,
                                              const RunSettings& run, std::string* why) {
  if (!run.root) {
    *why = "--pages needs --root DIR (or root = in the config): the folder of the build that holds the site's '/'";
    return nullptr;
  }
  std::string error;
  const Profile* profile = configs.profile_for(paths.empty() ? "-" : paths.front(), &error);
  if (!profile || !profile->settings.location) {
    *why = "--pages needs --base-url URL (or base-url = in the config): where the site is served";
    return nullptr;
  }
  const HostKind host = run.host ? host_kind_named(*run.host).value_or(HostKind::Plain) : HostKind::Plain;
  auto pages = std::make_shared<DiskPages>(*run.root, *profile->settings.location, host);
  for (const std::string& warning : pages->config_warnings()) print_notice(warning);  // _headers, vercel.json
  // Freeing the answers and the index of a large build took a twelfth of a run (50,000 pages),
  // all of it after the last finding; the process's exit frees them at once. Held from a static,
  // so that leak checkers see them reachable. The command line builds one lookup a process.
  static const auto* const kept_until_exit = new std::shared_ptr<const PageLookup>(pages);
  (void)kept_until_exit;
  return pages;
}

void list_build_ahead(const PageLookup& pages, unsigned jobs) {
  const unsigned cores = jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : jobs;
  const auto* disk = dynamic_cast<const DiskPages*>(&pages);
  if (disk && cores > 1) disk->list_ahead(cores);
}

std::shared_ptr<const PageLookup> live_pages(const std::vector<std::string>& paths, ConfigResolver& configs,
                                             const LiveChoices& choices, const RunSettings& run,
                                             const FetchOptions& fetch, std::string* why) {
  LiveOptions live;
  const auto add_origin = [&](std::string_view url) {
    const std::string origin = normal_origin(url);
    if (!origin.empty() && std::find(live.origins.begin(), live.origins.end(), origin) == live.origins.end())
      live.origins.push_back(origin);
  };
  std::string error;
  const Profile* profile = configs.profile_for(paths.empty() ? "-" : paths.front(), &error);
  if (profile && profile->settings.location) add_origin(profile->settings.location->url);
  for (const std::string& path : paths) {
    if (is_url(path)) add_origin(path);
  }
  // The sitemaps a robots.txt names are on its site: its URL tells the origin as well.
  if (run.robots && is_url(*run.robots)) add_origin(*run.robots);
  if (live.origins.empty()) {
    *why =
        "--pages without --root fetches the live site: it needs --base-url URL (or base-url = in the config), a "
        "sitemap URL or a robots.txt URL to know the site's origin";
    return nullptr;
  }
  // What the audit writes is checked before anything is fetched: a log or a cache that cannot be
  // written would otherwise be lost silently at the end of a long run.
  if (!choices.log_path.empty() && !std::ofstream(choices.log_path, std::ios::binary | std::ios::app)) {
    *why = "--pages-log " + choices.log_path + ": cannot be written (" + std::strerror(errno) + ")";
    return nullptr;
  }
  if (const std::string cache = run.cache.value_or(""); !cache.empty()) {
    std::error_code error;
    std::filesystem::create_directories(cache, error);
    if (!error && !std::filesystem::is_directory(cache, error))
      error = std::make_error_code(std::errc::not_a_directory);
    if (!error && ::access(cache.c_str(), W_OK | X_OK) != 0) error = std::error_code(errno, std::generic_category());
    if (error) {
      *why = "--cache " + cache + ": cannot be used as a folder to keep answers in (" + error.message() + ")";
      return nullptr;
    }
  }
  SchedulerOptions& s = live.scheduler;
  s.limits.rate = run.rate.value_or(5);
  s.timeout_ms = fetch.timeout_ms;
  s.connect_timeout_ms = fetch.connect_timeout_ms;
  s.user_agent = fetch.user_agent;  // the run's (fetch_options_for): the sitemaps' fetches say the same
  s.allowed_hosts = fetch.allowed_hosts;
  s.trusted_hosts = fetch.trusted_hosts;
  // The site's own origins (--base-url's among them) are named too: --allow-host adds hosts to
  // them, and never leaves the site itself out.
  if (!s.allowed_hosts.empty()) {
    for (const std::string& origin : live.origins) s.allowed_hosts.push_back(host_of(origin));
  }
  s.notice = print_notice;  // a long Retry-After, said while the run waits it out
  s.stop = fetch.stop;
  live.max_urls = run.max_urls.value_or(10000);
  live.sample = run.sample;
  if (live.sample) {
    // One sample of the whole run: its sitemaps read once first, the URLs of smallest seeded hash
    // kept as they come, whatever sitemap lists each and whichever is read first.
    auto urls = std::make_shared<RunUrls>(live.origins, *live.sample, choices.seed);
    SiteOptions gather;
    gather.root = run.root.value_or("");
    gather.jobs = choices.jobs == 0 ? 16 : choices.jobs;
    gather.fetch = fetch;
    gather.robots = run.robots.value_or("");
    gather.pages = urls;
    lint_site(paths, with_pages(configs.lookup(), urls), gather);
    live.sampled = urls->sample();
  }
  live.seed = choices.seed;
  live.log_path = choices.log_path;
  live.cache_dir = run.cache.value_or("");
  return std::make_shared<LivePages>(std::move(live));
}

ProfileLookup with_pages(ProfileLookup profile_for, std::shared_ptr<const PageLookup> pages) {
  struct Copies {
    std::mutex mutex;
    std::map<const Profile*, std::unique_ptr<Profile>> by_profile;
  };
  auto copies = std::make_shared<Copies>();
  return [profile_for = std::move(profile_for), pages = std::move(pages), copies](
             const std::string& input, std::string* error) -> const Profile* {
    const Profile* profile = profile_for(input, error);
    if (!profile) return nullptr;
    std::lock_guard lock(copies->mutex);
    std::unique_ptr<Profile>& copy = copies->by_profile[profile];
    if (!copy) {
      copy = std::make_unique<Profile>(*profile);
      copy->settings.pages = pages;
    }
    return copy.get();
  };
}

PagesSummary pages_summary(const PageLookup& pages) {
  PagesSummary summary{pages.source_label(), pages.tally(), pages.unlisted()};
  if (const auto* live = dynamic_cast<const LivePages*>(&pages)) {
    summary.live = true;
    summary.note = live->cut_note();
    summary.redirect_chains = live->redirect_chains(1'000);
  }
  return summary;
}

std::optional<InputError> pages_log_error(const PageLookup& pages, const std::string& log_path) {
  const auto* live = dynamic_cast<const LivePages*>(&pages);
  std::string why = live ? live->log_error() : "";
  if (why.empty()) return std::nullopt;
  return InputError{log_path, std::move(why)};
}

}  // namespace sitemaplint
