// What live_pages.cpp (the answers) and live_job_queue.cpp (the queue of fetches) share: one
// listed URL being fetched, hop by hop, and what is learnt of an origin before its URLs are asked
// for (its robots.txt and the soft-404 probe).
#pragma once

#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "live/live_pages.h"

namespace sitemaplint {

// A URL a job's hop reached, and that the job answers (live_hops.cpp).
struct LivePages::Claim {
  const std::string* url;  // the slot's key
  Slot* slot;
  bool listed;  // it was waiting for a job of its own
};

// One listed URL being fetched: its hops so far.
struct LivePages::Job {
  std::string listed;  // the URL the run lists (the slot's key)
  std::string current;  // the URL asked for next
  // normal_origin of `listed` and of `current`, worked out once for each rather than at each look
  // (a URL's answer looked them up six times).
  std::string listed_origin, origin;
  bool head = false;
  bool get_instead = false;  // the host refused HEAD (405, 501): asked with GET, its body not read
  std::vector<RedirectHop> chain;
  std::set<std::string> visited;
  bool fed = false;  // one of its origin's kJobsPerOrigin: its answer makes room for the next
  // The URLs its hops reached that no other job was asking for (live_hops.cpp): each gets the
  // answer of the chain from it on, or, when the chain does not end in an answer, is let go.
  std::vector<Claim> claims;
  const Slot* waits_for = nullptr;  // the URL whose answer its next hop waits for (live_hops.cpp)
};

struct LivePages::Origin {
  enum class State { Unknown, Fetching, Ready } state = State::Unknown;
  std::unique_ptr<RobotsGate> robots;
  bool unreachable_reported = false;  // one Blocked answer speaks for the host when robots.txt cannot be had
  std::vector<std::shared_ptr<Job>> parked;  // waiting for robots.txt and the probe
  // The probe's answer: a host that answers 200 with an HTML page to a path that cannot exist.
  bool answers_anything = false;
  std::string probe_url, probe_body;
  // Listed URLs waiting for a job (kJobsPerOrigin), in the listing's order: each a slot's key and
  // the slot.
  // Those a hop answered meanwhile are skipped when their turn comes; `waiting` counts the others.
  std::deque<std::pair<const std::string*, Slot*>> pending;
  std::size_t waiting = 0;
  std::size_t jobs = 0;  // fed jobs not answered yet
};

// `answer`'s HTTP details, made (or copied, when shared) so that they can be changed.
inline HttpDetails& writable_details(PageAnswer& answer) {
  auto own = std::make_shared<HttpDetails>(answer.http ? *answer.http : HttpDetails{});
  HttpDetails& mine = *own;
  answer.http = std::move(own);
  return mine;
}

}  // namespace sitemaplint
