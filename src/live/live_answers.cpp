// The answers of a live audit (live_pages.h) as they come in: kept in their URL's slot, the
// threads waiting for them woken, the hops that waited for them followed, a place among their
// origin's jobs given to the next URL, and a line written to --pages-log.
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

#include "live/answer_bytes.h"
#include "live/live_job.h"

namespace sitemaplint {

void LivePages::publish(Job& job, PageAnswer answer, const LiveResponse* last) const {
  // Claims the chain did not answer (it loops, a hop was not fetched) wait for jobs of their own.
  release_claims(job);
  std::unique_lock lock(mutex_);
  log_locked(slot_locked(job.listed), job.listed, job.chain, last, answer);
  // Search Console judges the URL by Googlebot's group, whatever sitemaplint's own allowed it.
  if (const auto o = origins_.find(job.listed_origin); o != origins_.end() && o->second->robots) {
    RobotsDecision googlebot = o->second->robots->decide_for_googlebot(job.listed);
    if (!googlebot.allowed) writable_details(answer).googlebot_disallowed = std::move(googlebot.why);
  }
  share_plain_details_locked(answer);
  std::vector<std::condition_variable*> wake;
  std::vector<std::shared_ptr<Job>> followers;
  fill_locked(slot_locked(job.listed), std::make_shared<const PageAnswer>(std::move(answer)), wake, followers);
  ++answered_count_;
  bool feed_origin = false;
  if (job.fed) {
    // Its place among its origin's jobs goes to the next URL waiting.
    Origin& o = *origins_.at(job.listed_origin);
    --o.jobs;
    feed_origin = !o.pending.empty();
  }
  // Woken after the lock is let go, the waiting thread does not wake only to wait for it. (A slot
  // and its condition variable live as long as this object.)
  lock.unlock();
  for (std::condition_variable* waiting : wake) waiting->notify_all();
  for (std::shared_ptr<Job>& follower : followers) follow(std::move(follower));
  if (feed_origin) feed(job.listed_origin);
}

void LivePages::share_plain_details_locked(PageAnswer& answer) const {
  // A few kinds of them at most on a site; a server that sends a new Content-Type each time gets
  // details of its own past them.
  constexpr std::size_t kKinds = 64;
  const HttpDetails* http = answer.http.get();
  if (!http || !http->chain.empty() || http->last_modified || !http->googlebot_disallowed.empty() ||
      http->robots_unreachable)
    return;
  if (const auto found = plain_details_.find(http->content_type); found != plain_details_.end()) {
    answer.http = found->second;
  } else if (plain_details_.size() < kKinds) {
    plain_details_.emplace(http->content_type, answer.http);
  }
}

void LivePages::log_stored_locked(Slot& slot, const std::string& listed) const {
  // Only what was fetched: a URL past --max-urls has no line.
  if (!log_.is_open() || slot.logged || !has_answer(slot)) return;
  const PageRef kept = answer_locked(slot);
  const PageAnswer& answer = *kept;
  if (answer.status == PageStatus::Skipped) return;
  std::vector<RedirectHop> hops;
  if (answer.status == PageStatus::Redirect && answer.http) hops = answer.http->chain;
  LiveResponse last;  // no request was made for it now
  last.status = hops.empty() ? answer.http_status : hops.back().status;
  log_locked(slot, listed, hops, &last, answer);
}

void LivePages::log_locked(Slot& slot, const std::string& listed, const std::vector<RedirectHop>& hops,
                           const LiveResponse* last, const PageAnswer& answer) const {
  if (!log_.is_open() || slot.logged) return;
  slot.logged = true;
  // The status of the last answer that came: a chain whose next hop was not asked for (refused,
  // robots.txt) has its last redirect's, however the hop was left out.
  int status = last ? last->status : 0;
  for (auto hop = hops.rbegin(); !last && hop != hops.rend() && status == 0; ++hop) status = hop->status;
  nlohmann::json line = {{"url", listed},
                         {"status", status},
                         {"final_url", hops.empty() ? listed : hops.back().url},
                         {"ms", last ? last->milliseconds : 0}};
  // A chain that does not end in an answer (a loop, too many hops, a hop that failed) says why,
  // as its finding does; a URL that redirects to itself has a chain of one hop.
  const bool unended =
      answer.status == PageStatus::Redirect && !answer.reason.empty() && !answer.reason.starts_with("chain: ");
  if (hops.size() > 1 || (unended && !hops.empty())) {
    nlohmann::json chain = nlohmann::json::array();
    for (const RedirectHop& hop : hops) chain.push_back({{"url", hop.url}, {"status", hop.status}});
    line["chain"] = std::move(chain);
  }
  if (last && !last->error.empty()) line["error"] = last->error;
  if (unended) line["redirect_error"] = answer.reason;
  if (last && last->from_cache) line["cached"] = true;  // a 304: `status` is the kept answer's
  if (answer.status == PageStatus::Blocked) line["robots"] = answer.reason;
  log_ << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  log_.flush();
  if (log_) {
    ++log_lines_;
    return;
  }
  // No more lines after a failed one: the log ends at the last line written whole.
  log_error_ = options_.log_path + ": the --pages-log could not be written (" + std::strerror(errno) + ") after " +
               std::to_string(log_lines_) + (log_lines_ == 1 ? " line" : " lines") + "; it is incomplete";
  log_.close();
}

std::string LivePages::log_error() const {
  std::lock_guard lock(mutex_);
  return log_error_;
}

void LivePages::fill_locked(Slot& slot, PageRef answer, std::vector<std::condition_variable*>& wake,
                            std::vector<std::shared_ptr<Job>>& followers) const {
  slot.answer = std::move(answer);
  slot.ready = true;
  if (slot.answer) note_unpacked_locked(slot);
  take_followers_locked(slot, followers);
  // The last answer of a batch releases the waiters of the batch's others.
  for (const Slot* s = &slot; s; s = slot.release ? nullptr : s->previous) {
    if (s->waiting && released(*s)) wake.push_back(s->waiting.get());
  }
}

PageRef LivePages::answer_locked(Slot& slot) const {
  if (!slot.answer && !slot.packed.empty()) {
    slot.answer = std::make_shared<const PageAnswer>(unpack_answer(slot.packed));
    note_unpacked_locked(slot);
  }
  return slot.answer;
}

void LivePages::note_unpacked_locked(Slot& slot) const {
  slot.unpacked_at = ++unpacked_count_;
  const HeadFacts& head = slot.answer->head;
  const auto weight = static_cast<std::uint32_t>(1 + (head.alternates.size() + head.canonicals.size()) / 16);
  unpacked_.push_back({&slot, slot.unpacked_at, weight});
  unpacked_weight_ += weight;
  // The answer just noted stays, whatever its weight: its caller hands it on.
  while (unpacked_weight_ > options_.unpacked_answers && unpacked_.size() > 1) {
    const auto [oldest, at, oldest_weight] = unpacked_.front();
    unpacked_.pop_front();
    unpacked_weight_ -= oldest_weight;
    if (oldest->unpacked_at != at || !oldest->answer) continue;  // unpacked again since: a later entry
    if (oldest->packed.empty()) oldest->packed = pack_answer(*oldest->answer);
    oldest->answer.reset();  // freed once no rule holds it
  }
}

void LivePages::wait_locked(std::unique_lock<std::mutex>& lock, Slot& slot) const {
  if (released(slot)) return;
  if (!slot.waiting) slot.waiting = std::make_unique<std::condition_variable>();
  slot.waiting->wait(lock, [&] { return released(slot); });
}

}  // namespace sitemaplint
