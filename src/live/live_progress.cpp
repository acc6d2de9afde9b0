#include "live/live_progress.h"

#include <algorithm>

namespace sitemaplint {

void LiveProgress::note(const std::string& host, std::size_t in_flight, std::size_t waiting, double interval_s,
                        std::optional<long> answer_ms) {
  std::lock_guard lock(mutex_);
  Host& h = hosts_[host];
  if (answer_ms) {
    ++h.done;
    h.total_ms += static_cast<double>(*answer_ms);
  }
  h.in_flight = in_flight;
  h.waiting = waiting;
  h.interval_s = interval_s;
}

std::vector<LiveHostProgress> LiveProgress::hosts(int connections) const {
  std::vector<LiveHostProgress> hosts;
  std::lock_guard lock(mutex_);
  const double parallel = std::max(1, connections);
  for (const auto& [name, h] : hosts_) {
    const double answer_s = h.done ? h.total_ms / 1000 / static_cast<double>(h.done) : 0;
    const double each = std::max(h.interval_s, answer_s / parallel);
    // A request in flight still holds one of the host's connections for about an answer's time,
    // as a waiting one will: each costs a turn at the host's pace (at the end, the last answers).
    const double left = static_cast<double>(h.in_flight + h.waiting) * each;
    hosts.push_back({name, h.done, h.in_flight, h.waiting, left, each});
  }
  return hosts;
}

}  // namespace sitemaplint
