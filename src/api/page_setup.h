// --pages for a run: the lookup of the build's pages (the first input's --base-url, --root and
// --host), the profiles that carry it to the fixes, and what the run's summary says of the pages.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/resolve.h"
#include "load/fetch.h"
#include "config/show.h"
#include "page.h"
#include "report/report.h"

namespace sitemaplint {

// The build under --root as the host serves it at --base-url's origin (the first input's base
// URL). Null, with *why, when either is missing.
std::shared_ptr<const PageLookup> build_pages(const std::vector<std::string>& paths, ConfigResolver& configs,
                                              const RunSettings& run, std::string* why);

// With more than one core for the run (`jobs`; 0: every core), starts listing the build under
// --root now, for `pages` from build_pages, so that it overlaps the sitemap's parse. Nothing on one
// core: the build is then listed when first asked about.
void list_build_ahead(const PageLookup& pages, unsigned jobs);

// What a live audit takes besides the run's settings: the command line's --seed, --pages-log and
// --jobs, or the library's.
struct LiveChoices {
  std::uint64_t seed = 29;  // of --sample and of the soft-404 probe's path
  std::string log_path;  // --pages-log; "": none
  unsigned jobs = 0;  // sitemaps read at once to draw --sample (0: 16)
};

// The live site (run.pages_live): the origins of the first input's --base-url and of the inputs
// that are URLs, fetched as `run` (rate, user-agent, max-urls, sample, cache: the config's, or the
// options'), `choices` and `fetch` (--timeout, --allow-host) say. Null, with *why, when there is
// no origin to fetch, or a log or cache that cannot be written.
std::shared_ptr<const PageLookup> live_pages(const std::vector<std::string>& paths, ConfigResolver& configs,
                                             const LiveChoices& choices, const RunSettings& run,
                                             const FetchOptions& fetch, std::string* why);

// `profile_for` with `pages` in every profile's settings (each profile copied once, kept for the
// run; the lookup is called from several threads).
ProfileLookup with_pages(ProfileLookup profile_for, std::shared_ptr<const PageLookup> pages);

// What the run's listed URLs led to, and the build's indexable pages that none led to.
PagesSummary pages_summary(const PageLookup& pages);

// Why the live audit's --pages-log is incomplete, as an error of the run's (exit 2: data asked
// for was lost); none when it was written whole, or not asked for.
std::optional<InputError> pages_log_error(const PageLookup& pages, const std::string& log_path);

}  // namespace sitemaplint
