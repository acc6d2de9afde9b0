// The requests of a live audit, made politely: one thread drives libcurl's multi interface
// (load/curl_library.h), many hosts in parallel, each paced by its own HostPoliteness (at most so
// many requests at once, so many a second, Retry-After waited out, slower after repeated 429/5xx,
// given up after many failures in a row). HTTP/2 is multiplexed where the server offers it. A
// request waits in its host's queue until it may start, and its timeout counts from then, not from
// when it was queued. Redirects are not followed here: every hop is a request of its own, so each
// is paced and safety-checked like the first. The fetch rules of load/fetch.h hold: http and https
// only, and no connection to a loopback, private or link-local address on a host the user did not
// name, checked on the address each name resolves to.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "host_name.h"
#include "live/host_politeness.h"

namespace sitemaplint {

struct LiveRequest {
  std::string url;  // absolute, http or https
  bool head = false;  // HEAD: the body is never needed (an image, a video)
  bool trusted = false;  // its host was named by the user: it may be a loopback or private address
  bool whole_body = false;  // keep the body whatever its type, up to kLiveBodyBytes (robots.txt)
  std::vector<std::string> headers;  // added to the request: "If-None-Match: \"abc\""
};

struct LiveResponse {
  int status = 0;  // 0: no answer arrived; `error` says why in one line
  std::string error;
  std::string content_type;  // as sent, parameters included
  std::string location;  // a 3xx's Location, resolved against the URL asked for
  std::vector<std::pair<std::string, std::string>> headers;  // of the answer, in order, names as sent
  std::string body;  // decoded (gzip, deflate, br); the head of an HTML page, up to kLiveBodyBytes
  bool truncated = false;  // the body was cut at kLiveBodyBytes before </head> arrived
  long milliseconds = 0;  // from the request's start to its end, queueing excluded
  bool host_given_up = false;  // not asked: the host kept failing, and was given up (`error` says so)
  int retries = 0;  // times it was asked again after a 429 or 503 (and the wait it asked for)
  bool from_cache = false;  // the host answered 304 to --cache's validators: this is what was kept
  // Every value of header `name` (case-insensitive), in order.
  std::vector<std::string> header_values(std::string_view name) const;
  std::string header(std::string_view name) const;  // the first, or ""
};

// Bytes of a body kept at most: the reading stops at </head>, so only a page whose head never ends
// reaches it. Past it, the transfer is ended (a huge, endless or bomb-decoded body costs no more).
inline constexpr std::size_t kLiveBodyBytes = 512 * 1024;

struct SchedulerOptions {
  PolitenessLimits limits;
  long timeout_ms = 30000;  // each request, from its start
  long connect_timeout_ms = 10000;
  std::string user_agent;
  std::vector<std::string> trusted_hosts;  // may be internal addresses (--allow-host, the inputs' hosts)
  std::vector<std::string> allowed_hosts;  // empty: any host; otherwise only these (--allow-host)
  // Certificate authorities trusted instead of the system's: a test's own, for its HTTPS server on
  // 127.0.0.1. No option sets it: a run trusts what the system trusts. Empty: the system's.
  std::string ca_file;
  // Says something the user should know while the run goes on (a long Retry-After): one line, on
  // standard error from the command line. None: nothing is said.
  std::function<void(std::string_view)> notice;
  // Set once the run is asked to stop (FetchOptions::stop): every host is given up, the requests
  // in flight are ended and each request is answered at once, so that nothing waits. Null: never.
  const std::atomic<bool>* stop = nullptr;
};

using LiveCallback = std::function<void(LiveResponse)>;

// How far one host's requests have got, for the progress line.
struct LiveHostProgress {
  std::string host;
  std::size_t done = 0;  // requests answered
  std::size_t in_flight = 0;  // started, not answered yet
  std::size_t waiting = 0;  // queued, not started yet
  // At the host's pace (its rate, or its answers' time over its connections when slower), the
  // time the requests not answered yet take, those in flight and those waiting.
  double seconds_left = 0;
  double seconds_each = 0;  // what one more waiting request adds to it
};

class LiveScheduler {
 public:
  explicit LiveScheduler(SchedulerOptions options);
  ~LiveScheduler();  // ends the transfers in flight; their callbacks are not called
  LiveScheduler(const LiveScheduler&) = delete;
  LiveScheduler& operator=(const LiveScheduler&) = delete;

  // Queues `request`; `done` is called once, on the scheduler's thread, with the answer (or the
  // reason there is none). Thread-safe. `done` may submit more requests.
  void submit(LiveRequest request, LiveCallback done);
  // Ends the transfers and joins the scheduler's thread: no callback runs after it returns, and
  // later submissions are dropped.
  void stop();
  // Whether the host of `url` has been given up (it kept failing): its queued requests are
  // answered at once with an error, and so are later ones.
  bool host_given_up(const std::string& host) const;
  // Requests answered so far (each hop one), and those that got no answer or a 429/5xx.
  std::size_t answered() const;
  std::size_t errors() const;
  // Each host that has had requests, in host order.
  std::vector<LiveHostProgress> host_progress() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The host of an absolute URL as the scheduler keys it (lower case, no port); "" when none.
std::string live_host_of(std::string_view url);

}  // namespace sitemaplint
