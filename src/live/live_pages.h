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
#include <deque>
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

#include <boost/unordered/unordered_flat_map.hpp>

#include "analysis/url_origin.h"
#include "host_name.h"
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
  // Answers kept unpacked, at most: those asked for last (a rule asks again about a URL it just
  // asked about, or about its redirect's target) and those fetched ahead of the rules. The others
  // are kept packed (answer_bytes.h), each in a fraction of the room; a rule's reference keeps an
  // answer it holds whole.
  std::size_t unpacked_answers = 4096;
};

class LivePages final : public PageLookup {
 public:
  explicit LivePages(LiveOptions options);
  ~LivePages() override;
  PageRef page(std::string_view url) const override;
  PageRef unlisted_page(std::string_view url) const override;
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
  // The listed URLs waiting for a job (kJobsPerOrigin) count as waiting.
  std::vector<LiveHostProgress> host_progress() const;
  // Whether the listed URLs were cut (--max-urls) or sampled (--sample), and how, for the summary.
  std::string cut_note() const;
  // Why the --pages-log could not be written to the end ("" when it was, or none was asked for):
  // a disk that filled up, say. The lines before it stay; the run says the log is incomplete.
  std::string log_error() const;
  // The listed URLs that redirect, with their chains ("a (301) -> b (200)"), in URL order, at most
  // `limit`: for the HTML report.
  std::vector<std::pair<std::string, std::string>> redirect_chains(std::size_t limit) const;

 private:
  struct Slot {
    bool ready = false;
    bool queued = false;  // a job has it, or it waits in its origin's list for one (`pending`)
    bool pending = false;
    bool listed = false;
    // Its job's next hop waits for another URL's answer (follow()): no job waits for this one's,
    // so that two URLs redirecting to each other never wait for each other.
    bool following = false;
    bool claimed = false;  // another URL's job answers it (live_hops.cpp)
    bool logged = false;  // its --pages-log line is written
    // Null: not on the site, or kept `packed`.
    PageRef answer;
    // The answer packed (answer_bytes.h) once unpacked_answers newer ones are in; unpacked again
    // when asked for. Empty: not packed (no answer packs to no bytes).
    std::string packed;
    std::uint32_t unpacked_at = 0;  // its place in unpacked_, which an older place there is not
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
  // A listing's URLs of one origin that have a job at once, at most: the others wait in the
  // origin's list as a key and a slot (`pending`), not as a job, a closure and a queued request
  // each, so that the memory a run holds does not grow with the URLs still to fetch. The
  // scheduler starts at most `connections` of them at once: this keeps it from ever waiting for
  // the next.
  static constexpr std::size_t kJobsPerOrigin = 32;
  // Whether a thread waiting for `slot` may go on: its answer is in, and its batch's last one.
  static bool released(const Slot& slot) { return slot.ready && (!slot.release || slot.release->ready); }
  struct Job;
  struct Claim;
  struct Origin;  // robots.txt and the soft-404 probe of one origin

  // page(), when the thread's last lookup was another URL.
  PageRef page_locked(std::string_view url) const;
  // Whether `slot` has an answer (unpacked or packed): false while it has none, or for a URL not on
  // the site.
  static bool has_answer(const Slot& slot) { return slot.answer || !slot.packed.empty(); }
  // `slot`'s answer, unpacked if it was packed (and kept so for a while).
  PageRef answer_locked(Slot& slot) const;
  // Notes that `slot`'s answer is unpacked, and packs the oldest past options_.unpacked_answers.
  void note_unpacked_locked(Slot& slot) const;
  static std::uint64_t next_lookup_owner();
  Slot& slot_locked(std::string_view url) const;
  void wait_locked(std::unique_lock<std::mutex>& lock, Slot& slot) const;
  // A job for `url`, whose slot is now queued.
  std::shared_ptr<Job> queue_locked(Slot& slot, std::string_view url) const;
  // Queues the listed `url` (its `slot`, whose key it is) behind its origin's others, to be given a
  // job by feed(); returns the origin.
  const std::string& queue_pending_locked(Slot& slot, const std::string& url) const;
  // Why a listed URL is left out of the audit: past --max-urls, outside --sample, or not on the
  // site's origins (which no slot answers either: its answer is null).
  enum class LeftOut : std::uint8_t { Cut, Unsampled, OtherOrigin };
  // Why `url`, listed, was left out; nullopt: it was not (or it is not known yet).
  std::optional<LeftOut> left_out_locked(std::string_view url) const;
  // Whether the listed `url`, which has no slot, is to be left out, and why; recorded and counted
  // (once a URL) when it is.
  std::optional<LeftOut> leave_out_locked(std::string_view url) const;
  // The answer of a URL left out for `why` (null: not on the site), one for all of them.
  PageRef left_out_answer_locked(LeftOut why) const;
  // Gives pending URLs of `origin` jobs while it has fewer than kJobsPerOrigin, and starts them.
  void feed(const std::string& origin) const;
  // Sets `slot`'s answer, and says which waiting threads it releases and which jobs' hops waited
  // for it (to be woken and followed once the lock is let go).
  void fill_locked(Slot& slot, PageRef answer, std::vector<std::condition_variable*>& wake,
                   std::vector<std::shared_ptr<Job>>& followers) const;
  // Makes `answer` share its HTTP details with the answers before it whose details say nothing
  // but the same Content-Type (most pages of a site): each answer a run keeps holds less.
  void share_plain_details_locked(PageAnswer& answer) const;
  // --pages-log's line for the listed URL `listed`, whose hops were `hops` (none: no redirect),
  // the last answered `last` (null: no request was made).
  void log_locked(Slot& slot, const std::string& listed, const std::vector<RedirectHop>& hops, const LiveResponse* last,
                  const PageAnswer& answer) const;
  // The line of a listed URL whose answer came before anyone listed it (a hop's, in another file).
  void log_stored_locked(Slot& slot, const std::string& listed) const;
  // Goes on with `job`'s next hop, job->current (live_hops.cpp).
  void follow(std::shared_ptr<Job> job) const;
  // Whether `known`, a URL's answer, can stand for what a hop of `job` to that URL would get: a
  // final answer (no redirect of its own), read with a method that read at least as much.
  static bool final_answer_for(const Job& job, const PageAnswer& known);
  // Whether `known` is a redirect whose chain `job` can take on as its own.
  bool leads_on_for(const Job& job, const PageAnswer& known) const;
  // The answer of a URL whose redirects are `hops` (two or more), the last URL having answered
  // `end` (or, a redirect of its own, led on as `end` says).
  static PageAnswer chain_answer(const std::vector<RedirectHop>& hops, const PageAnswer& end, bool head);
  void claim_locked(Job& job, const std::string& url, Slot& slot) const;
  // The answers of the URLs `job` claimed, from the chain's `end`; or, when it has none, the
  // claims let go: a listed URL waits for its own job again.
  // `through_last`: the chain's last URL too (false: the chain stopped before asking for it).
  void answer_claims(Job& job, const PageAnswer& end, const LiveResponse* last, bool through_last = true) const;
  // Marks the URLs `job` answers (its own, its claims) as waiting, or no longer.
  void set_following_locked(const Job& job, bool following) const;
  // Whether `job` may wait for `target`, whose producer waits itself: the jobs that wait for one
  // another from there end at one that does not wait, not at `job` (a circle would never end).
  bool waits_in_a_line_locked(const Job& job, const Slot& target) const;
  // The jobs whose hop waited for `slot`, taken out of followers_ and no longer marked waiting.
  void take_followers_locked(const Slot& slot, std::vector<std::shared_ptr<Job>>& followers) const;
  void release_claims(Job& job) const;
  // The slot of `url`, made when there is none (as slot_locked), with its key.
  std::unordered_map<std::string, Slot>::iterator slot_entry_locked(std::string_view url) const;
  // Starts `job` (when there is one) and waits for `slot`'s answer.
  PageRef answer_of(std::unique_lock<std::mutex>& lock, Slot& slot, std::shared_ptr<Job> job) const;
  bool on_site(std::string_view url) const;
  bool site_origin(const std::string& origin) const;  // one of options_.origins
  bool is_media(std::string_view url) const;
  bool in_sample(std::string_view url) const;
  void step(std::shared_ptr<Job> job) const;
  void on_answer(std::shared_ptr<Job> job, LiveResponse response) const;
  void publish(Job& job, PageAnswer answer, const LiveResponse* last) const;
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
  // A node's key and slot stay where they are as the map grows: jobs and lists point at them.
  mutable std::unordered_map<std::string, Slot, UrlHash, std::equal_to<>> slots_;
  mutable std::map<std::string, std::unique_ptr<Origin>> origins_;
  mutable std::map<std::string, std::shared_ptr<const HttpDetails>, std::less<>> plain_details_;  // by Content-Type
  // Jobs whose next hop is a URL being fetched: followed once its answer is in.
  mutable std::unordered_multimap<const Slot*, std::shared_ptr<Job>> followers_;
  // The job that answers each `following` slot, while it waits.
  mutable std::unordered_map<const Slot*, const Job*> waiting_producers_;
  mutable std::size_t queued_listed_ = 0;  // listed URLs given to the scheduler
  mutable std::size_t cut_ = 0;  // listed URLs left out for --max-urls
  mutable std::size_t unsampled_ = 0;  // listed URLs left out of --sample
  mutable std::size_t given_up_ = 0;  // listed URLs not asked for: their host was given up
  mutable PageRef cut_answer_, unsampled_answer_;  // made once each
  // The slots whose answers are unpacked, oldest first, each with its unpacked_at (an entry whose
  // slot has another since was packed and unpacked again: passed over).
  // Each with its weight: 1, and 1 more for every 16 links of its head, so that pages of many
  // alternates are packed sooner (unpacked_answers bounds the weights' sum).
  struct Unpacked {
    Slot* slot;
    std::uint32_t at, weight;
  };
  mutable std::deque<Unpacked> unpacked_;
  mutable std::size_t unpacked_weight_ = 0;
  mutable std::uint32_t unpacked_count_ = 0;
  // The listed URLs left out, by a 64-bit hash of each (seeded_hash), not in slots_: a listing of
  // millions of URLs past --max-urls holds some 20 bytes for each, not a slot and its key (over
  // 400 bytes). Looked up before slots_: a URL left out stays so, whatever asks for it later.
  mutable boost::unordered_flat_map<std::uint64_t, LeftOut> left_out_;
  mutable std::size_t other_origin_ = 0;  // distinct listed URLs not on the site's origins
  mutable std::size_t answered_count_ = 0;
  mutable std::map<std::string, bool> given_up_reported_;
  mutable std::ofstream log_;
  mutable std::string log_error_;  // the first write to log_ that failed, and why
  mutable std::size_t log_lines_ = 0;  // written whole
};

// The URL that `url` (listed, or a redirect's target) is fetched and kept as: without its fragment,
// which is no part of a request (RFC 9110 section 10.2.2), in RFC 3986's normal form (same_url.h),
// so that "/~a" and "/%7Ea", or "/a" and "/a#top", are one request and one answer. Written to
// `scratch` when it differs from `url`.
std::string_view fetch_form(std::string_view url, std::string& scratch);

// Whether `url` is an absolute URL with a host: one a redirect can be followed to.
bool is_fetchable_url(std::string_view url);

}  // namespace sitemaplint
