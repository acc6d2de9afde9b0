// The queue of a live audit's fetches: which listed URLs are asked for (--max-urls, --sample), with
// GET or HEAD, and in what order: an origin's robots.txt and soft-404 probe first, then its URLs
// (parked until then), each hop of a redirect again through robots.txt.
#include "live/live_pages.h"

#include <algorithm>
#include <atomic>
#include <set>

#include "analysis/ascii.h"
#include "live/live_job.h"
#include "live/url_sample.h"
#include "pages/html_head.h"

namespace sitemaplint {
namespace {

// Whether a header describes the body kept, which a 304 does not: its framing, its encoding, and
// its Date (a page made for its request has a Last-Modified of that Date, not of the 304's).
bool describes_kept_body(std::string_view name) {
  constexpr std::string_view kNames[] = {
      "Content-Length", "Content-Encoding", "Transfer-Encoding", "Content-Range", "Connection", "Keep-Alive", "Date"};
  return std::any_of(std::begin(kNames), std::end(kNames),
                     [&](std::string_view n) { return ascii_equal_ignoring_case(n, name); });
}

// The kept headers, with those the 304 `fresh` sends replacing the kept ones of their names (RFC
// 9111 section 4.3.4); true when that changed them.
bool update_kept_headers(LiveResponse& kept, const LiveResponse& fresh) {
  std::vector<std::pair<std::string, std::string>> merged;
  for (const auto& header : kept.headers) {
    const bool replaced = !describes_kept_body(header.first) &&
                          std::any_of(fresh.headers.begin(), fresh.headers.end(),
                                      [&](const auto& f) { return ascii_equal_ignoring_case(f.first, header.first); });
    if (!replaced) merged.push_back(header);
  }
  for (const auto& header : fresh.headers) {
    if (!describes_kept_body(header.first)) merged.push_back(header);
  }
  auto before = kept.headers, after = merged;
  std::sort(before.begin(), before.end());
  std::sort(after.begin(), after.end());
  if (before == after) return false;
  kept.headers = std::move(merged);
  return true;
}

std::string hex(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = kDigits[value & 15];
  return out;
}

// The file name extensions of images and videos, which are asked for with HEAD: their bodies are
// never read.
bool media_extension(std::string_view path) {
  static const std::set<std::string, std::less<>> kMedia = {
      "jpg", "jpeg", "png",  "gif", "webp", "avif", "svg", "bmp", "ico", "tif", "tiff", "heic", "jxl",
      "mp4", "m4v",  "webm", "mov", "ogv",  "mkv",  "avi", "wmv", "flv", "mpg", "mpeg", "3gp",  "ts"};
  const std::size_t slash = path.rfind('/');
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return false;
  return kMedia.count(ascii_lowered(path.substr(dot + 1))) > 0;
}

class NoPrefetch final : public PageLookup::Prefetch {};

// RFC 9309 section 2.3.1.2: crawlers "SHOULD follow at least five consecutive redirects, even
// across authorities", and may take the robots.txt as unavailable after more.
constexpr int kRobotsRedirects = 5;

}  // namespace

bool LivePages::in_sample(std::string_view url) const {
  return !options_.sample || options_.sampled.count(std::string(url)) > 0;
}

bool LivePages::is_media(std::string_view url) const {
  std::string_view rest = url.substr(std::min(url.size(), url.find("://") + 3));
  const std::size_t slash = rest.find('/');
  if (slash == std::string_view::npos) return false;
  rest = rest.substr(slash);
  return media_extension(rest.substr(0, rest.find_first_of("?#")));
}

std::unique_ptr<PageLookup::Prefetch> LivePages::prefetch(std::vector<std::string> urls, unsigned) const {
  std::set<const std::string*> origins;  // those given URLs (keys of origins_)
  {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<const std::string*, Slot*>> listing;  // the fresh URLs, in the listing's order
    std::string scratch;
    for (const std::string& listed : urls) {
      const std::string_view url = fetch_form(listed, scratch);
      // Not on the site: no slot of its own (counted when page() asks; a hop's slot is the hop's).
      if (left_out_locked(url) || !on_site(url)) continue;
      auto found = slots_.find(url);
      if (found != slots_.end() && found->second.listed) continue;  // counted where it was listed first
      // Past --max-urls or outside --sample: no slot. A URL takes its place in the listing's order
      // even when a hop asked for it before (whose answer, past the cut, serves the hop alone):
      // which URLs are cut does not depend on when redirects were followed.
      if (leave_out_locked(url)) continue;
      ++queued_listed_;
      if (found != slots_.end() && (found->second.ready || found->second.queued)) {
        found->second.listed = true;
        // Answered before this listing (a hop of another file's URL): its line now.
        if (found->second.ready && has_answer(found->second)) log_stored_locked(found->second, std::string(url));
        continue;
      }
      auto& [key, slot] = found != slots_.end() ? *found : *slot_entry_locked(url);
      slot.queued = true;
      slot.listed = true;  // a second copy of the URL in `urls` is not fresh
      listing.emplace_back(&key, &slot);
    }
    for (std::size_t first = 0; first < listing.size(); first += kWakeBatch) {
      const std::size_t last = std::min(first + kWakeBatch, listing.size()) - 1;
      for (std::size_t i = first; i < last; ++i) listing[i].second->release = listing[last].second;
      for (std::size_t i = first + 1; i <= last; ++i) listing[i].second->previous = listing[i - 1].second;
    }
    for (const auto& [url, slot] : listing) origins.insert(&queue_pending_locked(*slot, *url));
  }
  for (const std::string* origin : origins) feed(*origin);
  return std::make_unique<NoPrefetch>();
}

const std::string& LivePages::queue_pending_locked(Slot& slot, const std::string& url) const {
  auto& [origin, o] = *origins_.try_emplace(normal_origin(url)).first;
  if (!o) o = std::make_unique<Origin>();
  slot.queued = true;
  slot.pending = true;
  o->pending.emplace_back(&url, &slot);
  ++o->waiting;
  return origin;
}

void LivePages::feed(const std::string& origin) const {
  // Starting a job may answer it at once (robots.txt disallows it), which feeds its origin again:
  // that is noted here and done by the loop, not by a call within the call, however many URLs in
  // a row robots.txt disallows.
  thread_local std::vector<std::string>* feeding = nullptr;
  if (feeding) {
    feeding->push_back(origin);
    return;
  }
  std::vector<std::string> origins{origin};
  feeding = &origins;
  while (!origins.empty()) {
    const std::string next = std::move(origins.back());
    origins.pop_back();
    std::vector<std::shared_ptr<Job>> jobs;
    {
      std::lock_guard lock(mutex_);
      const auto found = origins_.find(next);
      if (found == origins_.end()) continue;
      Origin& o = *found->second;
      while (o.jobs < kJobsPerOrigin && !o.pending.empty()) {
        const auto [url, slot] = o.pending.front();
        o.pending.pop_front();
        if (!slot->pending) continue;  // claimed meanwhile by another URL's redirects
        slot->pending = false;
        --o.waiting;
        jobs.push_back(queue_locked(*slot, *url));
        jobs.back()->fed = true;
        ++o.jobs;
      }
    }
    for (std::shared_ptr<Job>& job : jobs) step(std::move(job));
  }
  feeding = nullptr;
}

namespace {

// The last URL a thread asked a LivePages about, and its answer: each page rule asks for the
// URL of the entry at hand in turn, and a lookup under the lock for each was most of what an
// answer cost them. An answer, once ready, never changes, and lives as long as its LivePages
// (`owner`: a number no other LivePages of the process gets).
struct LastLookup {
  std::uint64_t owner = 0;
  std::string url;
  PageRef answer;
};
thread_local LastLookup last_lookup;
std::atomic<std::uint64_t> lookup_owners{0};

}  // namespace

std::uint64_t LivePages::next_lookup_owner() { return ++lookup_owners; }

PageRef LivePages::page(std::string_view url) const {
  if (last_lookup.owner == lookup_owner_ && last_lookup.url == url) return last_lookup.answer;
  std::string scratch;
  PageRef answer = page_locked(fetch_form(url, scratch));
  last_lookup.owner = lookup_owner_;
  last_lookup.url.assign(url);
  last_lookup.answer = answer;
  return answer;
}

PageRef LivePages::page_locked(std::string_view url) const {
  std::shared_ptr<Job> job;
  std::unique_lock lock(mutex_);
  if (const std::optional<LeftOut> why = left_out_locked(url)) return left_out_answer_locked(*why);
  if (!on_site(url)) return left_out_answer_locked(*leave_out_locked(url));
  auto found = slots_.find(url);
  if (found == slots_.end() || (!found->second.ready && !found->second.queued)) {
    // Asked without a prefetch (a URL in another spelling): fetched now, within the same limits.
    if (const std::optional<LeftOut> why = leave_out_locked(url)) return left_out_answer_locked(*why);
    if (found == slots_.end()) found = slot_entry_locked(url);
    ++queued_listed_;
    job = queue_locked(found->second, url);
  }
  Slot& slot = found->second;
  slot.listed = true;
  if (log_.is_open() && slot.ready && has_answer(slot) && !slot.logged) log_stored_locked(slot, std::string(url));
  return answer_of(lock, slot, std::move(job));
}

PageRef LivePages::unlisted_page(std::string_view listed) const {
  std::string scratch;
  const std::string_view url = fetch_form(listed, scratch);
  if (!on_site(url)) return nullptr;
  std::shared_ptr<Job> job;
  std::unique_lock lock(mutex_);
  Slot* slot = &slot_locked(url);
  if (!slot->ready && !slot->queued) job = queue_locked(*slot, url);
  return answer_of(lock, *slot, std::move(job));
}

std::shared_ptr<LivePages::Job> LivePages::queue_locked(Slot& slot, std::string_view url) const {
  slot.queued = true;
  auto job = std::make_shared<Job>();
  job->listed = std::string(url);
  job->current = job->listed;
  job->listed_origin = normal_origin(url);
  job->origin = job->listed_origin;
  job->head = is_media(url);
  return job;
}

PageRef LivePages::answer_of(std::unique_lock<std::mutex>& lock, Slot& slot, std::shared_ptr<Job> job) const {
  if (job) {
    lock.unlock();
    step(std::move(job));
    lock.lock();
  }
  wait_locked(lock, slot);
  return answer_locked(slot);
}

// Asks for job->current once its origin's robots.txt is known (and the origin's probe answered).
void LivePages::step(std::shared_ptr<Job> job) const {
  bool ask_robots = false;
  std::string origin;  // of the robots.txt asked for now (a copy: the job may go on on another thread)
  RobotsDecision decision;
  std::string no_answer;  // the host answers nothing: its robots.txt's fetch said why
  bool unreachable = false, first_of_host = false;
  {
    std::lock_guard lock(mutex_);
    std::unique_ptr<Origin>& o = origins_[job->origin];
    if (!o) o = std::make_unique<Origin>();
    if (o->state != Origin::State::Ready) {
      if (o->state == Origin::State::Unknown) {
        o->state = Origin::State::Fetching;
        ask_robots = true;
        origin = job->origin;
      }
      o->parked.push_back(std::move(job));
    } else {
      decision = o->robots->decide(job->current);
      no_answer = o->robots->no_answer();
      // A robots.txt that could not be had (5xx, no answer) is one finding for the host.
      unreachable = o->robots->disallows_all();
      if (unreachable && !decision.allowed && job->chain.empty()) {
        first_of_host = !o->unreachable_reported;
        o->unreachable_reported = true;
      }
    }
  }
  if (ask_robots) {
    // robots.txt, then the probe; only then the parked URLs (origin_ready).
    fetch_robots(origin, origin + "/robots.txt", 0);
    return;
  }
  if (!job) return;  // parked
  if (!decision.allowed) {
    PageAnswer answer;
    if (job->chain.empty()) {
      answer.status = PageStatus::Blocked;
      answer.reason = decision.why;
      answer.first_of_host_given_up = first_of_host;
      if (unreachable) writable_details(answer).robots_unreachable = true;
    } else {
      job->chain.push_back({job->current, 0});
      answer.status = PageStatus::Redirect;
      answer.target = job->chain[1].url;
      answer.code = job->chain[0].status;
      writable_details(answer).chain = job->chain;
      // A hop to a host that answers nothing (no such name, nothing listening) is a chain that ends
      // in no answer, as Google meets it (a redirect error), not a hop left out by robots.txt.
      answer.reason = !no_answer.empty()                    ? no_answer
                      : decision.why.starts_with("refused") ? decision.why
                                                            : "not fetched: its " + decision.why;
      // The URLs before the one not fetched have the rest of the chain as their answer; that one
      // is judged by its own job.
      answer_claims(*job, answer, nullptr, false);
    }
    publish(*job, std::move(answer), nullptr);
    return;
  }
  const bool trusted = site_origin(job->origin);
  // --cache: asked only if changed; a 304 is answered with what was kept.
  std::optional<LiveResponse> cached = job->head ? std::nullopt : cache_.find(job->current);
  std::vector<std::string> conditions = cached ? ResponseCache::conditions(*cached) : std::vector<std::string>{};
  scheduler_->submit(LiveRequest{job->current, job->head && !job->get_instead, trusted, false, std::move(conditions)},
                     [this, job, cached = std::move(cached)](LiveResponse response) mutable {
                       if (response.status == 304 && cached) {
                         cached->milliseconds = response.milliseconds;
                         cached->from_cache = true;
                         // The 304's header fields replace the kept ones of their names (RFC 9111
                         // section 4.3.4): a page now marked noindex, or changed later, says so.
                         if (update_kept_headers(*cached, response)) cache_.keep(job->current, *cached);
                         response = std::move(*cached);
                       } else if (!job->head) {
                         cache_.keep(job->current, response);
                       }
                       on_answer(job, std::move(response));
                     });
}

// One request of the robots.txt of `origin`, `redirects` hops after /robots.txt itself. Each hop
// is a request of its own, under the same fetch rules (and pace) as any other, to whichever host
// it names.
void LivePages::fetch_robots(const std::string& origin, const std::string& url, int redirects) const {
  scheduler_->submit(
      LiveRequest{url, false, on_site(url), true, {}}, [this, origin, url, redirects](LiveResponse robots) {
        const bool redirect = robots.status >= 300 && robots.status < 400 && !robots.location.empty();
        // A robots.txt that redirects to where sitemaplint does not fetch: said as robots.txt's doing.
        if (redirects > 0 && robots.status == 0 && robots.error.starts_with("refused"))
          robots.error = "refused: robots.txt redirects to " + url + ", which is not fetched (" + robots.error + ")";
        if (redirect && redirects < kRobotsRedirects) {
          fetch_robots(origin, robots.location, redirects + 1);
          return;
        }
        // More redirects than that: RFC 9309 lets a crawler take the robots.txt as unavailable, and
        // so crawl as if there were none.
        robots_known(origin, redirect ? std::make_unique<RobotsGate>(404, "")
                                      : std::make_unique<RobotsGate>(robots.status, robots.body, robots.error));
      });
}

// The robots.txt of `origin` is known: the probe is asked for, if robots.txt allows it, then the
// URLs parked meanwhile.
void LivePages::robots_known(const std::string& origin, std::unique_ptr<RobotsGate> gate) const {
  std::string probe;
  {
    std::lock_guard lock(mutex_);
    Origin& o = *origins_[origin];
    probe = origin + "/sitemaplint-soft-404-probe-" + hex(seeded_hash(options_.seed, origin));
    o.probe_url = probe;
    if (!gate->decide(probe).allowed) probe.clear();
    o.robots = std::move(gate);
  }
  if (probe.empty()) {
    origin_ready(origin);
    return;
  }
  scheduler_->submit(LiveRequest{probe, false, on_site(probe), false, {}}, [this, origin](LiveResponse answer) {
    {
      std::lock_guard lock(mutex_);
      Origin& o = *origins_[origin];
      if (answer.status >= 200 && answer.status < 300 && !answer.body.empty()) {
        o.answers_anything = true;
        o.probe_body = std::move(answer.body);
      }
    }
    origin_ready(origin);
  });
}

void LivePages::origin_ready(const std::string& origin) const {
  std::vector<std::shared_ptr<Job>> parked;
  {
    std::lock_guard lock(mutex_);
    Origin& o = *origins_[origin];
    o.state = Origin::State::Ready;
    parked.swap(o.parked);
  }
  for (std::shared_ptr<Job>& job : parked) step(std::move(job));
}

}  // namespace sitemaplint
