// Linting many inputs: directories expanded into the sitemap files under them, files linted in
// parallel, results in the order the inputs were given whatever the thread timing.
#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "load/fetch.h"
#include "load/input_path.h"
#include "run/lint.h"
#include "run/progress.h"
#include "engine/profile.h"

namespace sitemaplint {

// Whether a file name looks like a sitemap: it contains "sitemap" (any case) and ends in .xml,
// .txt or .gz.
bool looks_like_sitemap_file(std::string_view name);

// Replaces each directory in `paths` by the sitemap-looking files below it, sorted
// (search_directory). A directory without any, and a folder below that could not be searched, is
// an error in *errors (the path, and one line saying why); other paths are kept as given.
// `excluded(path, is_directory)`, when given, prunes files and directories met during the search
// (not the paths given).
std::vector<std::string> expand_inputs(const std::vector<std::string>& paths,
                                       std::vector<std::pair<std::string, std::string>>* errors,
                                       const std::function<bool(const std::string&, bool)>& excluded = {});

struct Outcome {
  std::string path;  // as given, or the child's URL or file
  std::optional<FileReport> report;  // empty when the input could not be read
  std::string error;  // why, one line
};

// The cores `files` files linted together on `jobs` threads (0: one per core) leave idle, given to
// each file's rules (EngineOptions::rule_threads: a single large sitemap is walked in lanes) and
// to the pages its URLs lead to (page_threads).
void share_idle_cores(unsigned jobs, std::size_t files, EngineOptions& engine);

// Calls work(i) for every i < count on `jobs` threads (0: one per core); each i exactly once.
void parallel_for(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& work);

// How an input is read: as a robots.txt (its Sitemap: lines are its entries), and who named it
// (a URL a fetched document names is remote input; see fetch.h).
struct ReadAs {
  bool robots_txt = false;
  UrlOrigin origin = UrlOrigin::User;
  LintScope scope = LintScope::Alone;
  // Keep the bytes of a file read from disk for the report instead of giving them up after
  // linting (lint_input): right for the only input of a run, where releasing would bound nothing
  // and the report would read the whole file again to place its findings.
  bool keep_bytes = false;
  RunProgress* progress = nullptr;  // told when a URL's fetch is over (RunProgress::fetched)
};

// Reads or fetches `path` and lints it; a URL is scoped to its own location unless `settings`
// names one.
Outcome lint_one(const std::string& path, const RuleSelection& selection, const Settings& settings,
                 const FetchOptions& fetch_options, ReadAs read_as = {});

// Loads (reads or fetches) and lints every path, each with the profile `profile_for` gives it, on
// `jobs` threads (0: one per core). Outcome i belongs to paths[i]. A URL's own location is its
// scope unless its profile names one. With `in_a_set`, rules record what checks across files
// need; with LintScope::InASet, SM901 waits for finish_suppressions().
// `progress`, when given, counts each path as it is done. `only_input`: Settings::only_input.
// `linted`, when given, is called with each report as its file is done, on the thread that linted
// it (the set's pages may be spilled then, before the other files are done).
std::vector<Outcome> lint_all(const std::vector<std::string>& paths, const ProfileLookup& profile_for, unsigned jobs,
                              const FetchOptions& fetch_options = {}, bool in_a_set = false,
                              LintScope scope = LintScope::Alone, RunProgress* progress = nullptr,
                              bool only_input = false, const std::function<void(FileReport&)>& linted = {});

}  // namespace sitemaplint
