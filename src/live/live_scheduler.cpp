// The scheduler's loop: requests queued per host, started when their host's pace allows, run by
// libcurl's multi_socket interface over SocketEvents, and answered on this thread. The pieces it
// drives have files of their own: transfer_setup (a request's options), response_sinks (its
// answer as it arrives), transfer_answer (what it answered, or why nothing), live_progress (the progress line).
#include "live/live_scheduler.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <ctime>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "analysis/ascii.h"
#include "live/live_progress.h"
#include "live/host_overload.h"
#include "live/response_sinks.h"
#include "live/socket_events.h"
#include "live/transfer_answer.h"
#include "live/transfer_setup.h"
#include "load/curl_library.h"
#include "load/fetch.h"
#include "load/proxy_choice.h"

namespace sitemaplint {
namespace {

using Clock = std::chrono::steady_clock;

// Handles kept for reuse at most (more than the requests in flight of a few dozen hosts).
constexpr std::size_t kIdleHandles = 64;
// Authorities whose host is kept worked out at most (a run over many hosts starts again past it).
constexpr std::size_t kHostNamesKept = 4096;

struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
};

using Answers = std::vector<std::pair<LiveCallback, LiveResponse>>;

// What the fetch rules make of a host, the same for each of its requests: worked out at its first
// (the proxy's environment variables and the host lists were read for each request). Outside the
// host's struct: clang cannot default-construct a nested struct with member initializers before the
// enclosing class is complete (std::optional::emplace).
struct HostFacts {
  bool allowed = true;  // by --allow-host
  bool named = false;  // among the trusted hosts: an internal address is allowed
  std::string internal;  // an internal address literal: what it is; "" when not one
  std::string proxy[2];  // for http, https; "" for none
};

}  // namespace

struct LiveScheduler::Impl {
  struct Host {
    explicit Host(PolitenessLimits limits) : politeness(limits) {}
    HostPoliteness politeness;
    std::deque<QueuedRequest> queue;
    HostOverload overload;
    std::optional<HostFacts> facts;
  };

  explicit Impl(SchedulerOptions o) : options(std::move(o)), curl(curl_library(&unavailable)) {
    if (curl) multi = curl->multi_init();
    if (!multi) return;
    if (!events.error().empty()) {
      unavailable = events.error();
      curl->multi_cleanup(multi);
      multi = nullptr;
      return;
    }
    common = common_headers(*curl, options.user_agent);
    curl->multi_setopt(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
    curl->multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, static_cast<long>(options.limits.connections));
    curl->multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, on_socket);
    curl->multi_setopt(multi, CURLMOPT_SOCKETDATA, this);
    curl->multi_setopt(multi, CURLMOPT_TIMERFUNCTION, on_timer);
    curl->multi_setopt(multi, CURLMOPT_TIMERDATA, this);
    thread = std::thread([this] { loop(); });
  }

  void stop() {
    {
      std::lock_guard lock(mutex);
      stopping = true;
    }
    if (multi) events.wake();
    if (thread.joinable() && thread.get_id() != std::this_thread::get_id()) thread.join();
  }

  ~Impl() {
    stop();
    for (auto& [easy, transfer] : active) end(*transfer);
    for (CURL* h : idle) curl->easy_cleanup(h);
    if (multi) curl->multi_cleanup(multi);  // may still tell on_socket of sockets it closes
    if (common) curl->slist_free_all(common);
  }

  // libcurl says which sockets to watch for what (on_socket) and when it next needs to run
  // (on_timer); the loop waits on them and runs only the transfers whose socket is ready.
  static int on_socket(CURL*, curl_socket_t fd, int what, void* user, void*) {
    auto& self = *static_cast<Impl*>(user);
    if (what == CURL_POLL_REMOVE) {
      self.events.forget(fd);
    } else {
      self.events.watch(fd, (what & CURL_POLL_IN) != 0, (what & CURL_POLL_OUT) != 0);
    }
    return 0;
  }

  static int on_timer(CURLM*, long ms, void* user) {
    auto& self = *static_cast<Impl*>(user);
    if (ms < 0) {
      self.curl_deadline.reset();
    } else {
      self.curl_deadline = Clock::now() + std::chrono::milliseconds(ms);
    }
    return 0;
  }

  // Runs libcurl for `fd` (or, with CURL_SOCKET_TIMEOUT, for what its timer is due for).
  void run_curl(curl_socket_t fd, int events) {
    int running = 0;
    curl->multi_socket_action(multi, fd, events, &running);
  }

  void submit(QueuedRequest pending) {
    {
      std::lock_guard lock(mutex);
      if (stopping) return;  // the run is over: nobody waits for the answer
    }
    if (!multi) {
      LiveResponse response;
      response.error = unavailable.empty() ? "libcurl could not be initialised" : unavailable;
      pending.done(std::move(response));
      return;
    }
    bool wake = false;
    {
      std::lock_guard lock(mutex);
      // One wake-up for a batch: the loop takes the whole queue, and checks it before it sleeps.
      // A request the loop's own callbacks submit needs none.
      wake = incoming.empty() && std::this_thread::get_id() != thread.get_id();
      incoming.push_back(std::move(pending));
    }
    if (wake) events.wake();
  }

  // Moves the submitted requests into their hosts' queues; false once stopping.
  bool take_incoming() {
    std::lock_guard lock(mutex);
    if (stopping) return false;
    while (!incoming.empty()) {
      QueuedRequest p = std::move(incoming.front());
      incoming.pop_front();
      const std::string& host = host_of(p.request.url);
      auto found = hosts.find(host);
      if (found == hosts.end()) found = hosts.emplace(host, Host(options.limits)).first;
      found->second.queue.push_back(std::move(p));
      note(host, found->second);
    }
    return true;
  }

  // live_host_of(url), worked out once for each authority (it was a fifth of the time a request
  // took to be queued and started): a run asks a few hosts for many URLs.
  const std::string& host_of(std::string_view url) {
    const std::size_t scheme = url.find("://");
    const std::string_view authority =
        scheme == std::string_view::npos ? url : url.substr(0, url.find_first_of("/?#", scheme + 3));
    auto found = host_names.find(authority);
    if (found == host_names.end()) {
      if (host_names.size() >= kHostNamesKept) host_names.clear();
      found = host_names.emplace(std::string(authority), live_host_of(url)).first;
    }
    return found->second;
  }

  // Starts each host's requests its pace allows now; returns when the next one may start.
  Clock::time_point start_due(Clock::time_point now, Clock::time_point wake, Answers& answers) {
    for (auto& [name, host] : hosts) {
      while (!host.queue.empty()) {
        if (host.politeness.given_up() && host.queue.front().before_retry) {
          // Fetched once, and not asked again: its first answer is its answer.
          answers.emplace_back(std::move(host.queue.front().done), std::move(*host.queue.front().before_retry));
          host.queue.pop_front();
          continue;
        }
        if (host.politeness.given_up()) {
          LiveResponse response;
          response.host_given_up = true;
          response.error = !host.politeness.why_given_up().empty()
                               ? host.politeness.why_given_up()
                               : name + " was given up after " + std::to_string(host.politeness.failures_in_a_row()) +
                                     " failures in a row";
          answers.emplace_back(std::move(host.queue.front().done), std::move(response));
          host.queue.pop_front();
          continue;
        }
        const std::optional<Clock::time_point> at = host.politeness.next_start(now);
        if (!at) break;
        if (*at > now) {
          wake = std::min(wake, *at);
          break;
        }
        QueuedRequest p = std::move(host.queue.front());
        host.queue.pop_front();
        if (!start(name, host, std::move(p), answers)) continue;  // refused: answered, and no turn taken
        host.politeness.started(now);
        note(name, host);
      }
    }
    return wake;
  }

  // Ends the transfers whose body's dropped rest stalls: their answer is complete (libcurl runs a
  // transfer only when its socket is ready, or at its own timeout). Returns when to look again.
  Clock::time_point end_stalled_drains(Clock::time_point wake, Answers& answers) {
    std::vector<CURL*> drained;
    for (const auto& [easy, t] : active) {
      if (!t->draining) continue;
      if (drain_over(*t)) drained.push_back(easy);
      else wake = std::min(wake, t->stopped_at + kDrainTime);
    }
    for (CURL* easy : drained) finish(easy, CURLE_OK, answers);
    return wake;
  }

  // Asked to stop: each host given up (a host first asked after this too), and the transfers in
  // flight ended, each answered now.
  void halt(Answers& answers) {
    halted = true;
    for (auto& [name, host] : hosts) host.politeness.give_up("not fetched: the run was stopped");
    std::vector<CURL*> running;
    for (const auto& [easy, t] : active) running.push_back(easy);
    for (CURL* easy : running) finish(easy, CURLE_ABORTED_BY_CALLBACK, answers);
  }

  void loop() {
    Answers answers;
    for (;;) {
      if (!take_incoming()) return;
      if (options.stop && (halted || options.stop->load(std::memory_order_relaxed))) halt(answers);
      Clock::time_point wake = start_due(Clock::now(), Clock::now() + std::chrono::seconds(1), answers);
      for (auto& [callback, response] : answers) callback(std::move(response));
      answers.clear();
      if (curl_deadline && *curl_deadline <= Clock::now()) {
        curl_deadline.reset();  // on_timer sets the next one
        run_curl(CURL_SOCKET_TIMEOUT, 0);
      }
      int left = 0;
      while (CURLMsg* message = curl->multi_info_read(multi, &left)) {
        if (message->msg == CURLMSG_DONE) finish(message->easy_handle, message->data.result, answers);
      }
      wake = end_stalled_drains(wake, answers);
      if (!answers.empty()) {
        for (auto& [callback, response] : answers) callback(std::move(response));
        answers.clear();
        continue;  // the callbacks may have queued the next hops
      }
      {
        std::lock_guard lock(mutex);
        if (!incoming.empty()) continue;  // submitted by the callbacks above, with no wake-up
      }
      // Rounded up: a wait of 0.4 ms polled as 0 would spin until the host's next turn.
      if (curl_deadline) wake = std::min(wake, *curl_deadline);
      const auto wait = std::chrono::ceil<std::chrono::milliseconds>(wake - Clock::now()).count();
      // A run that may be stopped looks at its flag five times a second, however long it waits.
      events.wait(static_cast<int>(std::clamp<long long>(wait, 0, options.stop ? 200 : 1000)),
                  [&](int fd, bool in, bool out, bool error) {
                    run_curl(
                        fd, (in ? CURL_CSELECT_IN : 0) | (out ? CURL_CSELECT_OUT : 0) | (error ? CURL_CSELECT_ERR : 0));
                  });
    }
  }

  // Starts `p` on `host`; false when it may not be made: it is then answered at once (into
  // `answers`), and costs the host no turn.
  bool start(const std::string& host, Host& on, QueuedRequest p, Answers& answers) {
    const auto refuse = [&](std::string why) {
      LiveResponse response;
      response.error = one_line(std::move(why));
      answers.emplace_back(std::move(p.done), std::move(response));
      return false;
    };
    const std::string& url = p.request.url;
    const std::string scheme = ascii_lowered(url.substr(0, url.find("://")));
    if ((scheme != "http" && scheme != "https") || url.find("://") == std::string::npos) {
      return refuse("unsupported URL '" + url + "': only http and https URLs are fetched");
    }
    if (host.empty()) return refuse("invalid URL '" + url + "': no host");
    const HostFacts& facts = facts_of(host, on);
    if (!facts.allowed) return refuse("refused: host '" + host + "' is not an allowed host (--allow-host)");
    const bool trusted = p.request.trusted || facts.named;
    if (!trusted && !facts.internal.empty()) {
      // The address it is, unless the host is written as that address already.
      const std::string what = facts.internal == host ? "" : " (" + facts.internal + ")";
      return refuse("refused to connect to '" + host + "'" + what +
                    ": a loopback, private or link-local address is not fetched unless --allow-host names it");
    }
    auto t = std::make_unique<LiveTransfer>();
    t->curl = curl;
    t->sockets = &events;
    t->host = host;
    t->started_at = Clock::now();
    const std::string& proxy = facts.proxy[scheme == "https" ? 1 : 0];
    t->guard_active = !trusted && proxy.empty();
    if (!idle.empty()) {  // a handle of an ended request: no allocation, its options kept
      t->easy = idle.back();
      idle.pop_back();
    } else {
      t->easy = curl->easy_init();
      if (t->easy) set_up_handle(*curl, t->easy, options, events);
    }
    if (!t->easy) return refuse("out of memory");
    t->pending = std::move(p);
    set_up_transfer(*t, scheme, proxy, common, options.user_agent, options.ca_file);
    if (curl->multi_add_handle(multi, t->easy) != CURLM_OK) {
      p = std::move(t->pending);
      end(*t);
      return refuse("libcurl refused the request");
    }
    CURL* easy = t->easy;
    active.emplace(easy, std::move(t));
    return true;
  }

  const HostFacts& facts_of(const std::string& name, Host& host) {
    if (!host.facts) {
      HostFacts& f = host.facts.emplace();
      f.allowed = options.allowed_hosts.empty() || host_in(name, options.allowed_hosts);
      f.named = host_in(name, options.trusted_hosts);
      f.internal = internal_host_literal(name);
      f.proxy[0] = proxy_for("http", name);
      f.proxy[1] = proxy_for("https", name);
    }
    return *host.facts;
  }

  void end(LiveTransfer& t) {
    curl->multi_remove_handle(multi, t.easy);
    if (idle.size() < kIdleHandles) {
      idle.push_back(t.easy);
    } else {
      curl->easy_cleanup(t.easy);
    }
    if (t.headers) curl->slist_free_all(t.headers);
    t.easy = nullptr;
    t.headers = nullptr;
  }

  void finish(CURL* easy, CURLcode code, Answers& answers) {
    const auto found = active.find(easy);
    if (found == active.end()) return;
    std::unique_ptr<LiveTransfer> t = std::move(found->second);
    active.erase(found);
    read_answer(*t, code, options);
    LiveResponse& response = t->response;
    end(*t);
    ++answered_count;
    Host& host = hosts.find(t->host)->second;
    const bool overloaded = response.status == 429 || response.status >= 500;
    const Clock::time_point now = Clock::now();
    const HostOverload::Verdict verdict =
        host.overload.judge(t->host, response, t->pending.retries, t->started_at, now);
    host.politeness.finished(now,
                             response.status == 0 ? HostOutcome::Unreachable
                             : overloaded         ? HostOutcome::Overloaded
                                                  : HostOutcome::Ok,
                             verdict.wait);
    if (response.status == 0 || overloaded) ++error_count;
    // A host down for a while is given up: its other URLs are not asked for, rather than each
    // waiting its turn of up to two minutes.
    if (!verdict.give_up.empty()) host.politeness.give_up(verdict.give_up);
    if (host.politeness.given_up()) {
      std::lock_guard lock(given_up_mutex);
      given_up.insert(t->host);
    }
    if (verdict.retryable && !host.politeness.given_up()) {
      if (const std::string notice = host.overload.long_wait_notice(t->host, verdict);
          !notice.empty() && options.notice)
        options.notice(notice);
      ++t->pending.retries;
      const long ms = response.milliseconds;
      t->pending.before_retry = std::make_shared<LiveResponse>(std::move(response));
      host.queue.push_front(std::move(t->pending));  // asked again when the host's pace allows
      note(t->host, host, ms);
      return;
    }
    note(t->host, host, response.milliseconds);
    response.retries = t->pending.retries;
    answers.emplace_back(std::move(t->pending.done), std::move(response));
  }

  // The progress line's view of `host`: its requests in flight and its queue now, and one more
  // answer that took `ms`.
  void note(const std::string& name, const Host& host, std::optional<long> ms = {}) {
    progress.note(name, static_cast<std::size_t>(host.politeness.in_flight()), host.queue.size(),
                  std::chrono::duration<double>(host.politeness.interval()).count(), ms);
  }

  SchedulerOptions options;
  std::string unavailable;
  const CurlFunctions* curl = nullptr;
  CURLM* multi = nullptr;
  curl_slist* common = nullptr;  // common_headers(): what every request sends
  SocketEvents events;
  std::optional<Clock::time_point> curl_deadline;  // when libcurl next needs to run (its timer)
  std::mutex mutex;
  std::deque<QueuedRequest> incoming;
  bool stopping = false;
  bool halted = false;  // asked to stop (options.stop): the loop gives every host up, new ones too
  std::map<std::string, Host> hosts;  // the scheduler's thread only
  std::unordered_map<std::string, std::string, NameHash, std::equal_to<>> host_names;  // by authority
  std::map<CURL*, std::unique_ptr<LiveTransfer>> active;
  std::vector<CURL*> idle;  // handles of ended requests, reset, for the next ones
  std::atomic<std::size_t> answered_count{0}, error_count{0};
  LiveProgress progress;
  mutable std::mutex given_up_mutex;
  std::set<std::string> given_up;
  std::thread thread;
};

LiveScheduler::LiveScheduler(SchedulerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
LiveScheduler::~LiveScheduler() { stop(); }

void LiveScheduler::stop() { impl_->stop(); }

void LiveScheduler::submit(LiveRequest request, LiveCallback done) {
  impl_->submit(QueuedRequest{std::move(request), std::move(done)});
}

bool LiveScheduler::host_given_up(const std::string& host) const {
  std::lock_guard lock(impl_->given_up_mutex);
  return impl_->given_up.count(host) > 0;
}

std::size_t LiveScheduler::answered() const { return impl_->answered_count.load(); }
std::size_t LiveScheduler::errors() const { return impl_->error_count.load(); }

std::vector<LiveHostProgress> LiveScheduler::host_progress() const {
  return impl_->progress.hosts(impl_->options.limits.connections);
}

}  // namespace sitemaplint
