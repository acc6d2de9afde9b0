#include "live/host_overload.h"

#include <algorithm>
#include <ctime>

namespace sitemaplint {
namespace {

// The longest Retry-After read as asked, for what the run says of it (a wait is capped at
// kMaxRetryAfter; a number beyond this is "very long" all the same).
constexpr std::chrono::seconds kLongestAsked{999'999'999};

}  // namespace

HostOverload::Verdict HostOverload::judge(const std::string& host, const LiveResponse& response, int retries,
                                          Clock::time_point started_at, Clock::time_point now) {
  Verdict verdict;
  if (response.status != 429 && response.status != 503) return verdict;
  verdict.asked =
      retry_after_delay(response.header("Retry-After"), static_cast<std::int64_t>(std::time(nullptr)), kLongestAsked);
  if (verdict.asked) {
    verdict.wait = std::min(*verdict.asked, kMaxRetryAfter);
    // Asked again: this URL after its own wait, or any URL of the host once a long wait the host
    // asked for was waited out (counted per request, every URL would get its own long wait).
    const bool again = retries >= kRetries || (long_wait_over_ && started_at >= *long_wait_over_);
    verdict.give_up = down_for_a_while(host, response.status, response.header("Retry-After"), *verdict.asked, again);
    // The same `now` as the host's pace: a request it lets start after this wait counts as after it.
    if (*verdict.wait > kLongWait) long_wait_over_ = std::max(long_wait_over_.value_or(now), now + *verdict.wait);
  }
  verdict.retryable = retries < kRetries;
  return verdict;
}

std::string HostOverload::long_wait_notice(const std::string& host, const Verdict& verdict) {
  if (long_wait_told_ || !verdict.wait || *verdict.wait <= kLongWait) return {};
  long_wait_told_ = true;
  const std::chrono::seconds wait = *verdict.wait, asked = *verdict.asked;
  const std::string said = asked > wait
                               ? std::to_string(asked.count()) + " s of Retry-After, of which sitemaplint waits " +
                                     std::to_string(wait.count()) + " s (its longest wait)"
                               : std::to_string(wait.count()) + " s of Retry-After";
  return host + " answered " + said +
         ": its requests wait that long before the next one (not a hang); the host is given up if it answers so "
         "again";
}

}  // namespace sitemaplint
