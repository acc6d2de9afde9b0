// The hops of a listed URL's redirects (live_pages.h): each followed through robots.txt and the
// scheduler, unless the URL it leads to has an answer already (a listed URL fetched before it), or
// is being fetched (the hop waits for that answer), or waits for a job of its own (the hop's answer
// is its answer), so that a URL several listed URLs lead to is asked for once.
#include "live/live_job.h"

namespace sitemaplint {

PageAnswer LivePages::redirected_answer(const Job& job, const PageAnswer& final) {
  // The final answer is what the URL it ends at answers, and the listed URL is a redirect.
  PageAnswer answer;
  answer.status = PageStatus::Redirect;
  answer.http_status = final.http_status;
  writable_details(answer).content_type = final.http ? final.http->content_type : std::string();
  answer.media_request = job.head;
  writable_details(answer).chain = job.chain;
  answer.target = job.chain[1].url;
  answer.code = job.chain[0].status;
  answer.reason = final.http_status == 0 ? final.reason : "chain: " + redirect_chain_text(job.chain);
  return answer;
}

// Whether `known`, a URL's answer, can stand for what a hop of `job` to that URL would get: a
// final answer over HTTP (no redirect of its own), asked for with a method that read at least as
// much.
bool LivePages::reusable(const Job& job, const PageAnswer& known) {
  return known.http_status != 0 && known.status != PageStatus::Redirect && known.status != PageStatus::Skipped &&
         known.status != PageStatus::Blocked && (job.head || !known.media_request);
}

void LivePages::follow(std::shared_ptr<Job> job) const {
  std::shared_ptr<const PageAnswer> known;
  {
    std::lock_guard lock(mutex_);
    const auto found = slots_.find(job->current);
    if (found != slots_.end()) {
      Slot& target = found->second;
      if (target.ready && target.answer && reusable(*job, *target.answer)) {
        known = target.answer;
      } else if (target.pending && !job->head && !job->claimed) {
        // Waiting for a job of its own: the hop's answer is its answer.
        target.pending = false;
        job->claimed = &target;
        job->claimed_url = &found->first;
      } else if (target.queued && !target.pending && !target.ready && !target.following) {
        // In flight: the hop waits for that answer rather than asking the host a second time.
        slot_locked(job->listed).following = true;
        followers_.emplace(&target, std::move(job));
        return;
      }
    }
  }
  if (!known) {
    step(std::move(job));
    return;
  }
  job->chain.push_back({job->current, known->http_status});
  LiveResponse reused;  // for --pages-log: no request was made for the last hop
  reused.status = known->http_status;
  publish(*job, redirected_answer(*job, *known), &reused);
}

}  // namespace sitemaplint
