// The hops of a listed URL's redirects (live_pages.h): each asked for once, whichever URLs lead to
// it. A hop to a URL that has its answer takes it (and, when that answer is a redirect of its
// own, its chain); to a URL whose own job is under way, waits for that answer; to a listed URL
// waiting for its turn, or a URL nobody has asked for, claims it: the job's answer is its answer
// too, from where it stands in the chain on.
//
// Waiting never goes round in a circle: a job waits for a URL whose producer (its own job, or the
// job that claimed it) is not waiting itself, or waits in a line of jobs that ends at one that is
// not, never at the job itself; a waiting job marks every URL it answers `following`. URLs that redirect to each other end as a loop each (their URLs asked for again by
// each other's jobs: a loop is not a chain another can take on).
#include <algorithm>

#include "live/live_job.h"

namespace sitemaplint {

PageAnswer LivePages::chain_answer(const std::vector<RedirectHop>& hops, const PageAnswer& end, bool head) {
  // The listed URL is a redirect; the rest is what the URL the chain ends at answered.
  PageAnswer answer;
  answer.status = PageStatus::Redirect;
  answer.http_status = end.http_status;
  writable_details(answer).content_type = end.http ? end.http->content_type : std::string();
  answer.media_request = head;
  writable_details(answer).chain = hops;
  answer.target = hops[1].url;
  answer.code = hops[0].status;
  // `end`, a redirect of its own that does not end in an answer (a loop, a hop not fetched, no
  // answer), says why; a chain that ends in one is told whole.
  const bool unended =
      end.status == PageStatus::Redirect && end.http && !end.http->chain.empty() && !end.reason.starts_with("chain: ");
  answer.reason = unended || end.http_status == 0 ? end.reason : "chain: " + redirect_chain_text(hops);
  return answer;
}

bool LivePages::final_answer_for(const Job& job, const PageAnswer& known) {
  const bool answered = known.http_status != 0 || known.status == PageStatus::Failed;
  const bool redirects = known.status == PageStatus::Redirect && known.http && !known.http->chain.empty();
  return answered && !redirects && known.status != PageStatus::Skipped && known.status != PageStatus::Blocked &&
         (job.head || !known.media_request);
}

bool LivePages::leads_on_for(const Job& job, const PageAnswer& known) const {
  if (known.status != PageStatus::Redirect || !known.http || known.http->chain.empty()) return false;
  const std::vector<RedirectHop>& hops = known.http->chain;
  // A chain through the job's own URLs is a loop the job tells of itself, and a chain too long
  // together more hops than it follows.
  return (job.head || !known.media_request) &&
         static_cast<int>(job.chain.size() + hops.size()) <= options_.max_redirects + 1 &&
         std::none_of(hops.begin(), hops.end(), [&](const RedirectHop& hop) { return job.visited.count(hop.url); });
}

void LivePages::set_following_locked(const Job& job, bool following) const {
  const auto mark = [&](Slot& slot) {
    slot.following = following;
    if (following) waiting_producers_[&slot] = &job;
    else waiting_producers_.erase(&slot);
  };
  mark(slot_locked(job.listed));
  for (const Claim& claim : job.claims) mark(*claim.slot);
}

bool LivePages::waits_in_a_line_locked(const Job& job, const Slot& target) const {
  const Slot* own = &slot_locked(job.listed);
  const Slot* at = &target;
  // A line longer than the hops a chain may have is not followed to its end: not waited for.
  for (int step = 0; step <= options_.max_redirects; ++step) {
    if (at == own ||
        std::any_of(job.claims.begin(), job.claims.end(), [&](const Claim& claim) { return claim.slot == at; }))
      return false;
    if (!at->following) return true;
    const auto producer = waiting_producers_.find(at);
    if (producer == waiting_producers_.end() || !producer->second->waits_for) return false;
    at = producer->second->waits_for;
  }
  return false;
}

void LivePages::take_followers_locked(const Slot& slot, std::vector<std::shared_ptr<Job>>& followers) const {
  if (followers_.empty()) return;
  const auto [first, last] = followers_.equal_range(&slot);
  for (auto it = first; it != last; ++it) {
    set_following_locked(*it->second, false);  // it waits no more: its URLs may be waited for
    it->second->waits_for = nullptr;
    followers.push_back(std::move(it->second));
  }
  followers_.erase(first, last);
}

void LivePages::claim_locked(Job& job, const std::string& url, Slot& slot) const {
  const bool listed = slot.pending;
  if (listed) {
    slot.pending = false;
    --origins_.at(normal_origin(url))->waiting;
  }
  slot.queued = true;
  slot.claimed = true;
  job.claims.push_back({&url, &slot, listed});
}

void LivePages::follow(std::shared_ptr<Job> job) const {
  PageRef known;
  {
    std::lock_guard lock(mutex_);
    auto& [url, target] = *slot_entry_locked(job->current);
    if (target.ready) {
      const PageRef answer = answer_locked(target);
      if (answer && (final_answer_for(*job, *answer) || leads_on_for(*job, *answer))) known = answer;
    } else if (target.pending) {
      // A listed page is given only an answer read with GET, as its own job would read it.
      if (!job->head || is_media(url)) claim_locked(*job, url, target);
    } else if (!target.queued) {
      claim_locked(*job, url, target);
    } else if (!target.following || waits_in_a_line_locked(*job, target)) {
      set_following_locked(*job, true);
      job->waits_for = &target;
      followers_.emplace(&target, std::move(job));
      return;
    }
  }
  if (!known) {
    step(std::move(job));
    return;
  }
  if (final_answer_for(*job, *known)) {
    job->chain.push_back({job->current, known->http_status});
  } else {
    job->chain.insert(job->chain.end(), known->http->chain.begin(), known->http->chain.end());
  }
  LiveResponse reused;  // for --pages-log: no request was made for the last hop
  reused.status = job->chain.back().status;
  answer_claims(*job, *known, &reused);
  publish(*job, chain_answer(job->chain, *known, job->head), &reused);
}

void LivePages::answer_claims(Job& job, const PageAnswer& end, const LiveResponse* last, bool through_last) const {
  if (job.claims.empty()) return;
  std::vector<std::condition_variable*> wake;
  std::vector<std::shared_ptr<Job>> followers;
  {
    std::lock_guard lock(mutex_);
    for (const Claim& claim : job.claims) {
      const auto at = std::find_if(job.chain.begin(), job.chain.end(),
                                   [&](const RedirectHop& hop) { return hop.url == *claim.url; });
      if (at == job.chain.end() || claim.slot->ready || (!through_last && at + 1 == job.chain.end())) continue;
      const std::vector<RedirectHop> hops(at, job.chain.end());
      // The URL the chain ends at answers what it answered; one before it, the rest of the chain.
      PageAnswer answer = hops.size() == 1 ? end : chain_answer(hops, end, job.head);
      if (claim.listed) {
        ++answered_count_;
        if (answer.status == PageStatus::Skipped) ++given_up_;  // its host was given up
        log_locked(*claim.slot, *claim.url, hops.size() == 1 ? std::vector<RedirectHop>{} : hops, last, answer);
      }
      claim.slot->claimed = false;
      fill_locked(*claim.slot, std::make_shared<const PageAnswer>(std::move(answer)), wake, followers);
    }
    // Those not answered (the URL the chain stopped before) are let go when the job is published.
    std::erase_if(job.claims, [](const Claim& claim) { return claim.slot->ready; });
  }
  for (std::condition_variable* waiting : wake) waiting->notify_all();
  for (std::shared_ptr<Job>& follower : followers) follow(std::move(follower));
}

void LivePages::release_claims(Job& job) const {
  if (job.claims.empty()) return;
  std::vector<std::shared_ptr<Job>> followers, jobs;
  std::set<std::string> origins;  // to feed again
  {
    std::lock_guard lock(mutex_);
    for (const Claim& claim : job.claims) {
      Slot& slot = *claim.slot;
      if (slot.ready) continue;
      slot.claimed = false;
      take_followers_locked(slot, followers);
      if (claim.listed) {
        // First in line again for a job of its own.
        std::string origin = normal_origin(*claim.url);
        Origin& o = *origins_.at(origin);
        slot.pending = true;
        ++o.waiting;
        o.pending.emplace_front(claim.url, &slot);
        origins.insert(std::move(origin));
      } else if (slot.waiting) {
        jobs.push_back(queue_locked(slot, *claim.url));  // a rule waits for it
      } else {
        slot.queued = false;  // asked for again when someone asks
      }
    }
    job.claims.clear();
  }
  for (std::shared_ptr<Job>& follower : followers) follow(std::move(follower));
  for (std::shared_ptr<Job>& own : jobs) step(std::move(own));
  for (const std::string& origin : origins) feed(origin);
}

}  // namespace sitemaplint
