#include "live/host_politeness.h"

#include <algorithm>

namespace sitemaplint {

HostPoliteness::Clock::duration HostPoliteness::interval_for(double rate) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / std::max(rate, 0.001)));
}

std::optional<HostPoliteness::Clock::time_point> HostPoliteness::next_start(Clock::time_point now) const {
  if (given_up_ || in_flight_ >= limits_.connections) return std::nullopt;
  Clock::time_point at = std::max(now, not_before_);
  if (last_start_) at = std::max(at, *last_start_ + interval_);
  return at;
}

void HostPoliteness::started(Clock::time_point now) {
  ++in_flight_;
  last_start_ = now;
}

void HostPoliteness::finished(Clock::time_point now, HostOutcome outcome,
                              std::optional<std::chrono::seconds> retry_after) {
  in_flight_ = std::max(0, in_flight_ - 1);
  if (retry_after) not_before_ = std::max(not_before_, now + *retry_after);
  if (outcome == HostOutcome::Ok) {
    failures_ = 0;
    overloads_ = 0;
    const Clock::duration configured = interval_for(limits_.rate);
    if (interval_ > configured && ++good_ >= limits_.speed_up_after) {
      interval_ = std::max(interval_ / 2, configured);
      good_ = 0;
    }
    return;
  }
  good_ = 0;
  ++failures_;
  if (outcome == HostOutcome::Overloaded && ++overloads_ >= limits_.slow_down_after) {
    // Half the pace, down to the slowest: the host said it is overloaded, more than once.
    interval_ = std::min(interval_ * 2, interval_for(limits_.slowest_rate));
  }
  if (failures_ >= limits_.give_up_after) given_up_ = true;
}

}  // namespace sitemaplint
