// What a host's 429 and 503 answers mean for its other requests, as Google treats them: the
// Retry-After waited (capped), the request asked once more, and the host given up when it asks for
// more than sitemaplint waits or for a long wait again. One for each host, on the scheduler's
// thread.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "live/live_scheduler.h"
#include "live/retry_after.h"

namespace sitemaplint {

class HostOverload {
 public:
  using Clock = std::chrono::steady_clock;

  struct Verdict {
    std::optional<std::chrono::seconds> wait;  // before the host's next request (Retry-After, capped)
    std::optional<std::chrono::seconds> asked;  // what the Retry-After asked for
    std::string give_up;  // not empty: the host is down for a while and given up, for this reason
    bool retryable = false;  // a 429 or 503 that this request may be asked again after
  };

  // What `response` (`host`'s answer to a request started at `started_at`, asked `retries` times
  // before) says of the host, `now`.
  Verdict judge(const std::string& host, const LiveResponse& response, int retries, Clock::time_point started_at,
                Clock::time_point now);

  // The line the run says (once a host) when it waits a long Retry-After out, lest the wait be
  // taken for a hang; empty once said, or for a wait that is not long.
  std::string long_wait_notice(const std::string& host, const Verdict& verdict);

  // A 429 or 503 is asked again once, after its wait: a second such answer is the answer.
  static constexpr int kRetries = 1;

 private:
  bool long_wait_told_ = false;
  // The end of the longest wait over kLongWait the host asked for: a request started after it that
  // is asked for a long wait again finds the host down for a while, whichever URL it is.
  std::optional<Clock::time_point> long_wait_over_;
};

}  // namespace sitemaplint
