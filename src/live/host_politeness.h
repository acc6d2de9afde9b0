// How often sitemaplint may ask one host, worked out from what the host answered: at most
// `connections` requests at once and `rate` requests a second, a Retry-After waited out, the pace
// halved after repeated 429 and 5xx answers (as Google's crawlers slow down) and doubled again
// after a run of good ones (as they speed up once the errors stop), and the host given up after it
// failed many times in a row. Pure bookkeeping on a clock the caller passes in, so
// that the rules are tested without a network or a wait.
#pragma once

#include <string>

#include <chrono>
#include <cstddef>
#include <optional>

namespace sitemaplint {

struct PolitenessLimits {
  int connections = 2;  // requests in flight at once
  double rate = 5;  // requests started a second, at most
  int slow_down_after = 2;  // this many 429/5xx in a row halve the pace (again at each further one)
  double slowest_rate = 0.2;  // the pace never drops below one request in five seconds
  int give_up_after = 8;  // this many failures in a row (429, 5xx, no answer) end the host's run
  int speed_up_after = 10;  // this many good answers in a row double a halved pace again, up to `rate`
};

// What an answer says about the host's health.
enum class HostOutcome {
  Ok,  // an answer that is not an overload (2xx, 3xx, 4xx other than 429)
  Overloaded,  // 429 or 5xx
  Unreachable,  // no answer: DNS, connection, TLS, timeout
};

class HostPoliteness {
 public:
  using Clock = std::chrono::steady_clock;
  explicit HostPoliteness(PolitenessLimits limits = {}) : limits_(limits), interval_(interval_for(limits.rate)) {}

  // When the next request may start: now when a connection is free and the pace allows it, a
  // later time, or nullopt while every connection is busy (or the host is given up).
  std::optional<Clock::time_point> next_start(Clock::time_point now) const;
  // A request starts now (next_start said it may).
  void started(Clock::time_point now);
  // A request ended with `outcome`; `retry_after`: the wait the answer asked for.
  void finished(Clock::time_point now, HostOutcome outcome, std::optional<std::chrono::seconds> retry_after = {});

  bool given_up() const { return given_up_; }
  // Gives the host up now, for `why` (said in the finding of its first URL not asked for).
  void give_up(std::string why) {
    given_up_ = true;
    why_given_up_ = std::move(why);
  }
  const std::string& why_given_up() const { return why_given_up_; }  // empty: after failures in a row
  int in_flight() const { return in_flight_; }
  Clock::duration interval() const { return interval_; }  // between starts, at the current pace
  int failures_in_a_row() const { return failures_; }

 private:
  static Clock::duration interval_for(double rate);

  PolitenessLimits limits_;
  Clock::duration interval_;
  int in_flight_ = 0;
  int failures_ = 0;  // in a row
  int overloads_ = 0;  // 429/5xx in a row
  int good_ = 0;  // good answers in a row since the pace last changed
  bool given_up_ = false;
  std::string why_given_up_;
  std::optional<Clock::time_point> last_start_;
  Clock::time_point not_before_{};  // a Retry-After's end
};

}  // namespace sitemaplint
