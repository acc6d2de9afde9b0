#include "run/lint_many.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <system_error>
#include <thread>

#include "listing_order.h"
#include "run/directory_search.h"

namespace sitemaplint {

bool looks_like_sitemap_file(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower.find("sitemap") != std::string::npos &&
         (lower.ends_with(".xml") || lower.ends_with(".txt") || lower.ends_with(".gz"));
}

std::vector<std::string> expand_inputs(const std::vector<std::string>& paths,
                                       std::vector<std::pair<std::string, std::string>>* errors,
                                       const std::function<bool(const std::string&, bool)>& excluded) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (path == "-" || is_url(path) || !fs::is_directory(path, ec)) {
      out.push_back(path);
      continue;
    }
    const DirectorySearch search = search_directory(path, excluded);
    errors->insert(errors->end(), search.unusable.begin(), search.unusable.end());
    if (!search.error.empty()) {
      errors->push_back({path, search.error});
      continue;
    }
    if (search.found.empty() && search.excluded_any) {
      errors->push_back(
          {path, path + ": every sitemap file in this directory is excluded by the config's 'exclude' globs"});
      continue;
    }
    if (search.found.empty()) {
      errors->push_back({path, path + ": no sitemap files in this directory (names containing 'sitemap' and "
                                      "ending in .xml, .txt or .gz)"});
      continue;
    }
    out.insert(out.end(), search.found.begin(), search.found.end());
  }
  return out;
}

Outcome lint_one(const std::string& path, const RuleSelection& selection, const Settings& settings,
                 const FetchOptions& fetch_options, ReadAs read_as) {
  Outcome outcome;
  outcome.path = path;
  if (fetch_options.stopped()) {
    outcome.error = path + ": not read: the run was stopped";
    return outcome;
  }
  if (!is_url(path)) {
    Input input;
    if (load_input(path, &input, &outcome.error, settings.engine.rule_threads)) {
      input.robots_txt = read_as.robots_txt;
      input.keep_bytes = read_as.keep_bytes;
      outcome.report = lint_input(std::move(input), selection, settings, read_as.scope);
    }
    return outcome;
  }
  // Nothing past the protocol's size limit is worth downloading: the rest is a finding.
  FetchOptions bounded = fetch_options;
  bounded.max_bytes = std::min(bounded.max_bytes, kProtocolMaxBytes + 1);
  bounded.keep_truncated = true;
  FetchResult fetched = fetch(path, bounded, read_as.origin);
  if (read_as.progress) read_as.progress->fetched();
  if (!fetched.ok) {
    outcome.error = path + ": " + fetched.error;
    return outcome;
  }
  if (read_as.robots_txt && (fetched.status < 200 || fetched.status > 299)) {
    outcome.error = path + ": the server answered HTTP " + std::to_string(fetched.status);
    return outcome;
  }
  // After redirects, the sitemap is where it was served from: the report names that URL and its
  // scope is that URL's (http://example.com/ redirected to https://www.example.com/ must not make
  // every <loc> out of scope).
  Input input = input_from_bytes(fetched.final_url, std::move(fetched.body));
  input.robots_txt = read_as.robots_txt;
  input.http_status = fetched.status;
  input.decompression_stopped = input.decompression_stopped || fetched.truncated;
  input.content_type = std::move(fetched.content_type);
  input.content_encoding_error = std::move(fetched.content_encoding_error);
  input.redirects = std::move(fetched.redirects);
  Settings scoped = settings;
  if (!scoped.location) {  // a fetched sitemap may list only URLs under its own location
    std::string error;
    scoped.location = parse_sitemap_location(fetched.final_url, &error);
  }
  outcome.report = lint_input(std::move(input), selection, scoped, read_as.scope);
  if (fetched.final_url != path) outcome.report->requested = path;
  return outcome;
}

void parallel_for(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work) {
  std::atomic<std::size_t> next{0};
  // Each worker takes the next unclaimed index: no locks, and callers write only their own slot.
  const auto worker = [&] {
    for (std::size_t i = next++; i < count; i = next++) work(i);
  };
  if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
  jobs = static_cast<unsigned>(std::min<std::size_t>(jobs, std::max<std::size_t>(count, 1)));
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& thread : threads) thread.join();
}

void share_idle_cores(unsigned jobs, std::size_t files, EngineOptions& engine) {
  // The cores the files leave idle go to the lanes of one (a single large sitemap), or to a second
  // walk of its tree (engine.cpp), and to the pages it lists.
  const unsigned cores = jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : jobs;
  engine.rule_threads = files == 0 ? 1 : static_cast<unsigned>(std::clamp<std::size_t>(cores / files, 1, 8));
  engine.page_threads = files == 0 ? 0 : static_cast<unsigned>(std::max<std::size_t>(cores / files, 1) - 1);
}

std::vector<Outcome> lint_all(const std::vector<std::string>& paths, const ProfileLookup& profile_for, unsigned jobs,
                              const FetchOptions& fetch_options, bool in_a_set, LintScope scope, RunProgress* progress,
                              bool only_input, const std::function<void(FileReport&)>& linted) {
  std::vector<Outcome> outcomes(paths.size());
  const auto order = std::make_shared<ListingOrder>(paths.size());
  parallel_for(paths.size(), jobs, [&](std::size_t i) {
    const ListingTurn turn{order, i};
    const PassOnExit passed{turn};
    std::string error;
    const Profile* profile = profile_for(paths[i], &error);
    if (!profile) {
      outcomes[i] = Outcome{paths[i], std::nullopt, error};
      if (progress) progress->finished(is_url(paths[i]));  // counted as queued: counted as dealt with
      return;
    }
    Settings settings = profile->settings;
    settings.collect_set_facts = in_a_set;
    settings.sole_input = paths.size() == 1;
    settings.only_input = only_input && paths.size() == 1;
    share_idle_cores(jobs, paths.size(), settings.engine);
    settings.listing_turn = turn;
    const ReadAs read_as{.scope = scope, .keep_bytes = paths.size() == 1, .progress = progress};
    outcomes[i] = lint_one(paths[i], profile->selection, settings, fetch_options, read_as);
    if (linted && outcomes[i].report) linted(*outcomes[i].report);
    if (progress) progress->finished();
  });
  return outcomes;
}

}  // namespace sitemaplint
