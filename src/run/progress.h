// How far a run has got, for a progress display: counters the linting threads bump and a display
// thread reads, with no lock and no callback into the display.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace sitemaplint {

struct RunProgress {
  std::atomic<std::size_t> files_total{0};  // grows as indexes name children
  std::atomic<std::size_t> files_done{0};
  std::atomic<std::size_t> fetches_total{0};  // the URLs among them
  std::atomic<std::size_t> fetches_done{0};
  // --pages: how many pages have been read so far (PageLookup::pages_read), when the run reads any.
  std::function<std::size_t()> pages_read;
  // --pages on the live site: how many of its requests got no answer or a 429/5xx so far.
  std::function<std::size_t()> page_errors;
  // --pages on the live site: each host's requests answered, in flight and waiting, and the time
  // those not answered yet take.
  struct HostProgress {
    std::string host;
    std::size_t done = 0, in_flight = 0, waiting = 0;
    double seconds_left = 0;
  };
  std::function<std::vector<HostProgress>()> page_hosts;

  void queued(std::size_t files, std::size_t fetches) {
    files_total += files;
    fetches_total += fetches;
  }
  // A URL's fetch is over (its linting may go on long after: a live audit of its pages).
  void fetched() { ++fetches_done; }
  // A file is dealt with; `fetch_uncounted`: a URL whose fetched() was not called (never made).
  void finished(bool fetch_uncounted = false) {
    ++files_done;
    if (fetch_uncounted) ++fetches_done;
  }
};

}  // namespace sitemaplint
