#include "live/live_scheduler.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <cstdint>
#include <ctime>
#include <deque>
#include <map>
#include <optional>
#include <set>

#include "analysis/ascii.h"
#include "load/curl_library.h"
#include "load/fetch.h"
#include "load/host_name.h"
#include "load/proxy_choice.h"
#include "live/response_sinks.h"
#include "live/retry_after.h"

namespace sitemaplint {
namespace {

using Clock = std::chrono::steady_clock;

// A request answered 429 or 503 is asked once more, after the wait its Retry-After (or the
// host's pace) asks for; a second such answer is the answer.
constexpr int kRetriesAfterOverload = 1;
// Handles kept for reuse at most (more than the requests in flight of a few dozen hosts).
constexpr std::size_t kIdleHandles = 64;

curl_socket_t open_socket(void* user, curlsocktype purpose, curl_sockaddr* address) {
  auto& t = *static_cast<LiveTransfer*>(user);
  if (t.guard_active && purpose == CURLSOCKTYPE_IPCXN && (address->family == AF_INET || address->family == AF_INET6) &&
      is_internal_address(&address->addr, address->family)) {
    t.refused_address = "an internal address";
    return CURL_SOCKET_BAD;
  }
  return ::socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

}  // namespace

std::string live_host_of(std::string_view url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string_view::npos) return "";
  std::string_view rest = url.substr(scheme + 3);
  rest = rest.substr(0, rest.find_first_of("/?#"));
  if (const std::size_t at = rest.rfind('@'); at != std::string_view::npos) rest = rest.substr(at + 1);
  if (rest.starts_with('[')) {
    const std::size_t close = rest.find(']');
    return close == std::string_view::npos ? "" : ascii_lowered(rest.substr(0, close + 1));
  }
  return normal_host(rest.substr(0, rest.find(':')));
}

std::vector<std::string> LiveResponse::header_values(std::string_view name) const {
  std::vector<std::string> values;
  for (const auto& [key, value] : headers) {
    if (ascii_equal_ignoring_case(key, name)) values.push_back(value);
  }
  return values;
}

std::string LiveResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (ascii_equal_ignoring_case(key, name)) return value;
  }
  return "";
}

struct LiveScheduler::Impl {
  struct Host {
    explicit Host(PolitenessLimits limits) : politeness(limits) {}
    HostPoliteness politeness;
    std::deque<QueuedRequest> queue;
  };

  explicit Impl(SchedulerOptions o) : options(std::move(o)), curl(curl_library(&unavailable)) {
    if (curl) multi = curl->multi_init();
    if (multi) {
      events_fd = ::epoll_create1(EPOLL_CLOEXEC);
      wake_fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
      if (events_fd < 0 || wake_fd < 0) {
        unavailable = std::string("the requests' event loop could not be made: ") + std::strerror(errno);
        curl->multi_cleanup(multi);
        multi = nullptr;
        return;
      }
      watch(wake_fd, EPOLLIN);
      curl->multi_setopt(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
      curl->multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, static_cast<long>(options.limits.connections));
      curl->multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, on_socket);
      curl->multi_setopt(multi, CURLMOPT_SOCKETDATA, this);
      curl->multi_setopt(multi, CURLMOPT_TIMERFUNCTION, on_timer);
      curl->multi_setopt(multi, CURLMOPT_TIMERDATA, this);
      thread = std::thread([this] { loop(); });
    }
  }

  void stop() {
    {
      std::lock_guard lock(mutex);
      stopping = true;
    }
    if (multi) wake_loop();
    if (thread.joinable() && thread.get_id() != std::this_thread::get_id()) thread.join();
  }

  ~Impl() {
    stop();
    for (auto& [easy, transfer] : active) end(*transfer);
    for (CURL* h : idle) curl->easy_cleanup(h);
    if (multi) curl->multi_cleanup(multi);  // may still tell on_socket of sockets it closes
    if (events_fd >= 0) ::close(events_fd);
    if (wake_fd >= 0) ::close(wake_fd);
  }

  // libcurl's multi_socket interface: it says which sockets to watch for what (on_socket) and
  // when it next needs to run (on_timer); the loop waits on them with epoll and runs only the
  // transfers whose socket is ready. (curl_multi_perform would look at every transfer's socket
  // at each wake-up, with two polls each.)
  void watch(int fd, std::uint32_t events) {
    epoll_event e{};
    e.events = events;
    e.data.fd = fd;
    if (::epoll_ctl(events_fd, EPOLL_CTL_MOD, fd, &e) != 0 && errno == ENOENT)
      ::epoll_ctl(events_fd, EPOLL_CTL_ADD, fd, &e);
  }

  static int on_socket(CURL*, curl_socket_t fd, int what, void* user, void*) {
    auto& self = *static_cast<Impl*>(user);
    if (what == CURL_POLL_REMOVE) {
      ::epoll_ctl(self.events_fd, EPOLL_CTL_DEL, fd, nullptr);
    } else {
      self.watch(fd, ((what & CURL_POLL_IN) ? EPOLLIN : 0u) | ((what & CURL_POLL_OUT) ? EPOLLOUT : 0u));
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

  void wake_loop() const {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t written = ::write(wake_fd, &one, sizeof one);  // full: already awake
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
    if (wake) wake_loop();
  }

  void loop() {
    std::vector<std::pair<LiveCallback, LiveResponse>> answers;
    std::array<epoll_event, 32> ready{};
    for (;;) {
      {
        std::lock_guard lock(mutex);
        if (stopping) return;
        while (!incoming.empty()) {
          QueuedRequest p = std::move(incoming.front());
          incoming.pop_front();
          const std::string host = live_host_of(p.request.url);
          auto found = hosts.find(host);
          if (found == hosts.end()) found = hosts.emplace(host, Host(options.limits)).first;
          found->second.queue.push_back(std::move(p));
          note(host, found->second, std::nullopt);
        }
      }
      Clock::time_point now = Clock::now();
      Clock::time_point wake = now + std::chrono::seconds(1);
      for (auto& [name, host] : hosts) {
        while (!host.queue.empty()) {
          if (host.politeness.given_up()) {
            LiveResponse response;
            response.host_given_up = true;
            response.error = "not fetched: " + name + " was given up after " +
                             std::to_string(host.politeness.failures_in_a_row()) + " failures in a row";
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
          if (std::optional<LiveResponse> refused = start(name, std::move(p), answers)) continue;
          host.politeness.started(now);
          note(name, host, std::nullopt);
        }
      }
      for (auto& [callback, response] : answers) callback(std::move(response));
      answers.clear();
      if (curl_deadline && *curl_deadline <= Clock::now()) {
        curl_deadline.reset();  // on_timer sets the next one
        run_curl(CURL_SOCKET_TIMEOUT, 0);
      }
      int left = 0;
      while (CURLMsg* message = curl->multi_info_read(multi, &left)) {
        if (message->msg != CURLMSG_DONE) continue;
        finish(message->easy_handle, message->data.result, answers);
      }
      // A body's dropped rest that stalls: its answer is complete, the transfer is ended here
      // (libcurl runs a transfer only when its socket is ready, or at its own timeout).
      std::vector<CURL*> drained;
      for (const auto& [easy, t] : active) {
        if (!t->draining) continue;
        if (drain_over(*t)) drained.push_back(easy);
        else wake = std::min(wake, t->stopped_at + kDrainTime);
      }
      for (CURL* easy : drained) finish(easy, CURLE_OK, answers);
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
      now = Clock::now();
      if (curl_deadline) wake = std::min(wake, *curl_deadline);
      const auto wait = std::chrono::ceil<std::chrono::milliseconds>(wake - now).count();
      const int n = ::epoll_wait(events_fd, ready.data(), static_cast<int>(ready.size()),
                                 static_cast<int>(std::clamp<long long>(wait, 0, 1000)));
      for (int i = 0; i < n; ++i) {
        const epoll_event& e = ready[static_cast<std::size_t>(i)];
        if (e.data.fd == wake_fd) {
          std::uint64_t count = 0;
          [[maybe_unused]] const ssize_t read = ::read(wake_fd, &count, sizeof count);
          continue;
        }
        run_curl(e.data.fd, ((e.events & EPOLLIN) ? CURL_CSELECT_IN : 0) |
                                ((e.events & EPOLLOUT) ? CURL_CSELECT_OUT : 0) |
                                ((e.events & (EPOLLERR | EPOLLHUP)) ? CURL_CSELECT_ERR : 0));
      }
    }
  }

  // Starts `p` on `host`; a request that may not be made is answered at once (into `answers`) and
  // returns a value, so that it costs the host no turn.
  std::optional<LiveResponse> start(const std::string& host, QueuedRequest p,
                                    std::vector<std::pair<LiveCallback, LiveResponse>>& answers) {
    const auto refuse = [&](std::string why) {
      LiveResponse response;
      response.error = one_line(std::move(why));
      answers.emplace_back(std::move(p.done), response);
      return std::optional<LiveResponse>(response);
    };
    const std::string& url = p.request.url;
    const std::string scheme = ascii_lowered(url.substr(0, url.find("://")));
    if ((scheme != "http" && scheme != "https") || url.find("://") == std::string::npos) {
      return refuse("unsupported URL '" + url + "': only http and https URLs are fetched");
    }
    if (host.empty()) return refuse("invalid URL '" + url + "': no host");
    if (!options.allowed_hosts.empty() && !host_in(host, options.allowed_hosts)) {
      return refuse("host '" + host + "' is not an allowed host (--allow-host)");
    }
    const bool trusted = p.request.trusted || host_in(host, options.trusted_hosts);
    if (!trusted) {
      if (const std::string literal = internal_host_literal(host); !literal.empty()) {
        return refuse("refused to connect to '" + host + "' (" + literal +
                      "): a loopback, private or link-local address is not fetched unless --allow-host names it");
      }
    }
    auto t = std::make_unique<LiveTransfer>();
    t->curl = curl;
    t->host = host;
    const std::string proxy = proxy_for(scheme, host);
    t->guard_active = !trusted && proxy.empty();
    CURL* h = nullptr;
    if (!idle.empty()) {  // a handle of an ended request, reset: no allocation per request
      h = idle.back();
      idle.pop_back();
    } else {
      h = curl->easy_init();
    }
    if (!h) return refuse("out of memory");
    t->easy = h;
    for (const std::string& header : p.request.headers) t->headers = curl->slist_append(t->headers, header.c_str());
    t->pending = std::move(p);
    const LiveRequest& r = t->pending.request;
    curl->easy_setopt(h, CURLOPT_URL, r.url.c_str());
    curl->easy_setopt(h, CURLOPT_PROTOCOLS_STR, "http,https");
    curl->easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    curl->easy_setopt(h, CURLOPT_PROXY, proxy.c_str());
    curl->easy_setopt(h, CURLOPT_NOPROXY, "");
    curl->easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl->easy_setopt(h, CURLOPT_TIMEOUT_MS, options.timeout_ms);
    curl->easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, std::min(options.connect_timeout_ms, options.timeout_ms));
    curl->easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");  // every encoding this libcurl decodes: gzip, br, ...
    curl->easy_setopt(h, CURLOPT_USERAGENT, options.user_agent.c_str());
    curl->easy_setopt(h, CURLOPT_HTTP_VERSION, static_cast<long>(CURL_HTTP_VERSION_2TLS));
    // Over TLS, where HTTP/2 is offered: wait for a connection that multiplexes rather than open
    // a second one. Cleartext HTTP is HTTP/1.1 here, where waiting would only serialise requests.
    if (scheme == "https") curl->easy_setopt(h, CURLOPT_PIPEWAIT, 1L);
    if (!options.ca_file.empty()) curl->easy_setopt(h, CURLOPT_CAINFO, options.ca_file.c_str());
    if (r.head) curl->easy_setopt(h, CURLOPT_NOBODY, 1L);
    if (t->headers) curl->easy_setopt(h, CURLOPT_HTTPHEADER, t->headers);
    curl->easy_setopt(h, CURLOPT_WRITEFUNCTION, write_body);
    curl->easy_setopt(h, CURLOPT_WRITEDATA, t.get());
    curl->easy_setopt(h, CURLOPT_HEADERFUNCTION, read_header);
    curl->easy_setopt(h, CURLOPT_HEADERDATA, t.get());
    curl->easy_setopt(h, CURLOPT_ERRORBUFFER, t->errbuf);
    curl->easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, open_socket);
    curl->easy_setopt(h, CURLOPT_OPENSOCKETDATA, t.get());
    if (curl->multi_add_handle(multi, h) != CURLM_OK) {
      p = std::move(t->pending);
      end(*t);
      return refuse("libcurl refused the request");
    }
    active.emplace(h, std::move(t));
    return std::nullopt;
  }

  void end(LiveTransfer& t) {
    curl->multi_remove_handle(multi, t.easy);
    if (idle.size() < kIdleHandles) {
      curl->easy_reset(t.easy);
      idle.push_back(t.easy);
    } else {
      curl->easy_cleanup(t.easy);
    }
    if (t.headers) curl->slist_free_all(t.headers);
    t.easy = nullptr;
    t.headers = nullptr;
  }

  std::string describe(LiveTransfer& t, CURLcode code) {
    const std::string detail = one_line(t.errbuf[0] ? t.errbuf : curl->easy_strerror(code));
    if (!t.refused_address.empty()) {
      return "refused to connect to '" + t.host +
             "': it resolves to a loopback, private or link-local address, which is not fetched unless "
             "--allow-host names it";
    }
    if (code == CURLE_OPERATION_TIMEDOUT) {
      curl_off_t connect_us = 0;
      curl->easy_getinfo(t.easy, CURLINFO_CONNECT_TIME_T, &connect_us);
      if (connect_us == 0) return "could not connect within " + std::to_string(options.connect_timeout_ms) + " ms";
      return "timed out after " + std::to_string(options.timeout_ms) + " ms";
    }
    if (code == CURLE_COULDNT_RESOLVE_HOST) return "DNS: could not resolve '" + t.host + "'";
    if (code == CURLE_COULDNT_CONNECT) return "could not connect to '" + t.host + "'";
    if (is_tls_error(code)) return "TLS error: " + detail;
    if (code == CURLE_BAD_CONTENT_ENCODING)
      return "the body could not be decoded as its Content-Encoding says: " + detail;
    if (code == CURLE_PARTIAL_FILE || code == CURLE_RECV_ERROR || code == CURLE_GOT_NOTHING)
      return "the connection was closed before the answer ended: " + detail;
    return detail;
  }

  void finish(CURL* easy, CURLcode code, std::vector<std::pair<LiveCallback, LiveResponse>>& answers) {
    const auto found = active.find(easy);
    if (found == active.end()) return;
    std::unique_ptr<LiveTransfer> t = std::move(found->second);
    active.erase(found);
    LiveResponse& response = t->response;
    long status = 0;
    curl->easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    curl_off_t total_us = 0;
    curl->easy_getinfo(easy, CURLINFO_TOTAL_TIME_T, &total_us);
    response.milliseconds = static_cast<long>(total_us / 1000);
    // Once the body needed is read, how the rest ends (cut, dropped, failed) is no part of the answer.
    if (code != CURLE_OK && !t->stopped) {
      response.error = describe(*t, code);
      response.status = 0;
      response.body.clear();
    } else {
      response.status = static_cast<int>(status);
      const char* type = nullptr;
      if (curl->easy_getinfo(easy, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type) response.content_type = type;
      const char* location = nullptr;
      if (status >= 300 && status < 400 && curl->easy_getinfo(easy, CURLINFO_REDIRECT_URL, &location) == CURLE_OK &&
          location)
        response.location = location;
    }
    end(*t);
    ++answered_count;
    Host& host = hosts.find(t->host)->second;
    const bool overloaded = response.status == 429 || response.status >= 500;
    std::optional<std::chrono::seconds> wait;
    if (response.status == 429 || response.status == 503)
      wait = retry_after_delay(response.header("Retry-After"), static_cast<std::int64_t>(std::time(nullptr)));
    host.politeness.finished(Clock::now(),
                             response.status == 0 ? HostOutcome::Unreachable
                             : overloaded         ? HostOutcome::Overloaded
                                                  : HostOutcome::Ok,
                             wait);
    if (response.status == 0 || overloaded) ++error_count;
    if (host.politeness.given_up()) {
      std::lock_guard lock(given_up_mutex);
      given_up.insert(t->host);
    }
    if ((response.status == 429 || response.status == 503) && t->pending.retries < kRetriesAfterOverload &&
        !host.politeness.given_up()) {
      ++t->pending.retries;
      host.queue.push_front(std::move(t->pending));  // asked again when the host's pace allows
      note(t->host, host, response.milliseconds);
      return;
    }
    note(t->host, host, response.milliseconds);
    response.retries = t->pending.retries;
    answers.emplace_back(std::move(t->pending.done), std::move(response));
  }

  // The progress line's view of `host`: its queue now, and one more answer that took `ms`.
  void note(const std::string& name, const Host& host, std::optional<long> ms) {
    std::lock_guard lock(progress_mutex);
    Progress& p = progress[name];
    if (ms) {
      ++p.done;
      p.total_ms += static_cast<double>(*ms);
    }
    p.waiting = host.queue.size();
    p.interval_s = std::chrono::duration<double>(host.politeness.interval()).count();
  }

  struct Progress {
    std::size_t done = 0, waiting = 0;
    double total_ms = 0, interval_s = 0;
  };

  SchedulerOptions options;
  std::string unavailable;
  const CurlFunctions* curl = nullptr;
  CURLM* multi = nullptr;
  int events_fd = -1;  // epoll: the sockets libcurl asks to watch, and wake_fd
  int wake_fd = -1;  // eventfd: a submission from another thread, or stop()
  std::optional<Clock::time_point> curl_deadline;  // when libcurl next needs to run (its timer)
  std::mutex mutex;
  std::deque<QueuedRequest> incoming;
  bool stopping = false;
  std::map<std::string, Host> hosts;  // the scheduler's thread only
  std::map<CURL*, std::unique_ptr<LiveTransfer>> active;
  std::vector<CURL*> idle;  // handles of ended requests, reset, for the next ones
  std::atomic<std::size_t> answered_count{0}, error_count{0};
  mutable std::mutex progress_mutex;
  std::map<std::string, Progress> progress;
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
  std::vector<LiveHostProgress> hosts;
  std::lock_guard lock(impl_->progress_mutex);
  const double connections = std::max(1, impl_->options.limits.connections);
  for (const auto& [name, p] : impl_->progress) {
    const double answer_s = p.done ? p.total_ms / 1000 / static_cast<double>(p.done) : 0;
    const double each = std::max(p.interval_s, answer_s / connections);
    hosts.push_back({name, p.done, p.waiting, static_cast<double>(p.waiting) * each});
  }
  return hosts;
}

}  // namespace sitemaplint
