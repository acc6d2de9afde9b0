// The pages of the live site (--pages without --root, or pages = "live"): what each listed URL
// on the site's own origins answers over HTTP, fetched politely by a LiveScheduler. For each host
// its robots.txt is fetched first and obeyed for sitemaplint's own product token (robots_gate.h),
// then one path that cannot exist is asked for, to recognise a host that answers 200 to anything
// (a soft 404), then the listed URLs: pages with GET, read up to the end of their <head>; images
// and videos with HEAD. Redirects are followed here, up to 10 hops, each hop a request of its own
// and recorded in the answer's chain. The answers are the same PageAnswer facts a build on disk
// gives, so the same page rules judge them.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "live/live_scheduler.h"
#include "live/response_cache.h"
#include "live/robots_gate.h"
#include "page.h"

namespace sitemaplint {

struct LiveOptions {
  std::vector<std::string> origins;  // "https://example.com": the site's; other URLs are not fetched
  SchedulerOptions scheduler;
  std::size_t max_urls = 10000;  // listed URLs fetched at most; the rest are Skipped
  // --sample: fetch only a seeded random sample of this many listed URLs, `sampled`, drawn from the
  // whole run's URLs before the audit (url_sample.h); the rest are Skipped.
  std::optional<std::size_t> sample;
  std::set<std::string> sampled;
  std::uint64_t seed = 29;  // of the sample and the soft-404 probe's path: the same run, the same URLs
  std::string log_path;  // --pages-log: one JSON line per fetched URL; empty: none
  std::string cache_dir;  // --cache: answers kept for conditional re-fetches; empty: none
  int max_redirects = 10;
};

class LivePages final : public PageLookup {
 public:
  explicit LivePages(LiveOptions options);
  ~LivePages() override;
  const PageAnswer* page(std::string_view url) const override;
  const PageAnswer* unlisted_page(std::string_view url) const override;
  std::unique_ptr<Prefetch> prefetch(std::vector<std::string> urls, unsigned threads) const override;
  std::vector<std::string> listed_files() const override { return {}; }
  std::size_t pages_read() const override;
  PageTally tally() const override;
  bool live() const override { return true; }
  std::string_view host_label() const override { return "the site"; }
  std::string source_label() const override;

  // For the progress line: requests answered (each hop and robots.txt one), and how many of them
  // got no answer or a 429/5xx.
  std::size_t requests() const { return scheduler_->answered(); }
  std::size_t request_errors() const { return scheduler_->errors(); }
  std::vector<LiveHostProgress> host_progress() const { return scheduler_->host_progress(); }
  // Whether the listed URLs were cut (--max-urls) or sampled (--sample), and how, for the summary.
  std::string cut_note() const;
  // The listed URLs that redirect, with their chains ("a (301) -> b (200)"), in URL order, at most
  // `limit`: for the HTML report.
  std::vector<std::pair<std::string, std::string>> redirect_chains(std::size_t limit) const;

 private:
  struct Slot {
    bool ready = false;
    bool queued = false;
    bool listed = false;
    std::optional<PageAnswer> answer;  // nullopt: not on the site
    // Made by a thread that waits for the answer, so that publishing it wakes that thread alone,
    // not every thread waiting for some page.
    std::unique_ptr<std::condition_variable> waiting;
    // A listing's URLs are asked for in its order, in batches of kWakeBatch: a thread waiting for
    // this answer is woken once the batch's last one (`release`) is in too, and finds the URLs
    // between ready (one wake-up a batch, not one a URL; it would wait for them in turn anyway).
    // `previous`: the batch's slot before this one, from its last back to its first.
    Slot* release = nullptr;
    Slot* previous = nullptr;
  };
  static constexpr std::size_t kWakeBatch = 8;
  // Whether a thread waiting for `slot` may go on: its answer is in, and its batch's last one.
  static bool released(const Slot& slot) { return slot.ready && (!slot.release || slot.release->ready); }
  struct Job;
  struct Origin;  // robots.txt and the soft-404 probe of one origin

  // page(), when the thread's last lookup was another URL.
  const PageAnswer* page_locked(std::string_view url) const;
  static std::uint64_t next_lookup_owner();
  Slot& slot_locked(std::string_view url) const;
  void wait_locked(std::unique_lock<std::mutex>& lock, Slot& slot) const;
  // A job for `url`, whose slot is now queued.
  std::shared_ptr<Job> queue_locked(Slot& slot, std::string_view url) const;
  // Starts `job` (when there is one) and waits for `slot`'s answer.
  const PageAnswer* answer_of(std::unique_lock<std::mutex>& lock, Slot& slot, std::shared_ptr<Job> job) const;
  bool on_site(std::string_view url) const;
  bool site_origin(const std::string& origin) const;  // one of options_.origins
  bool is_media(std::string_view url) const;
  bool in_sample(std::string_view url) const;
  void step(std::shared_ptr<Job> job) const;
  void on_answer(std::shared_ptr<Job> job, LiveResponse response) const;
  void publish(const Job& job, PageAnswer answer, const LiveResponse* last) const;
  void fetch_robots(const std::string& origin, const std::string& url, int redirects) const;
  void robots_known(const std::string& origin, std::unique_ptr<RobotsGate> gate) const;
  void origin_ready(const std::string& origin) const;
  PageAnswer served_answer(const Job& job, const LiveResponse& response) const;

  LiveOptions options_;
  const std::uint64_t lookup_owner_ = next_lookup_owner();  // page()'s key of this object's answers
  ResponseCache cache_;
  std::unique_ptr<LiveScheduler> scheduler_;
  mutable std::mutex mutex_;
  // Looked up by string_view: each page rule asks for each URL's answer, and a key made for each
  // lookup was an allocation each time.
  struct UrlHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view url) const { return std::hash<std::string_view>{}(url); }
  };
  mutable std::unordered_map<std::string, std::unique_ptr<Slot>, UrlHash, std::equal_to<>> slots_;
  mutable std::map<std::string, std::unique_ptr<Origin>> origins_;
  mutable std::size_t queued_listed_ = 0;  // listed URLs given to the scheduler
  mutable std::size_t cut_ = 0;  // listed URLs left out for --max-urls
  mutable std::size_t unsampled_ = 0;  // listed URLs left out of --sample
  mutable std::size_t answered_count_ = 0;
  mutable std::map<std::string, bool> given_up_reported_;
  mutable std::ofstream log_;
};

// The origin of an absolute http(s) URL: "https://example.com" ("" when it has none), lower case,
// without a default port.
std::string origin_of_url(std::string_view url);

}  // namespace sitemaplint
