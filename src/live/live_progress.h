// What the progress line shows of a live audit's hosts: each host's answers so far, its requests in
// flight and those waiting in its queue, and its pace. Written by the scheduler's thread, read by
// the progress display's.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "live/live_scheduler.h"

namespace sitemaplint {

class LiveProgress {
 public:
  // `host` has `in_flight` requests started and not answered, `waiting` queued, and starts one each
  // `interval_s` at most; `answer_ms`: one more answer, which took that long.
  void note(const std::string& host, std::size_t in_flight, std::size_t waiting, double interval_s,
            std::optional<long> answer_ms = {});
  // Each host, in host order, with the time its requests not answered yet take at its pace (its
  // rate, or its answers' time over its `connections` when slower).
  std::vector<LiveHostProgress> hosts(int connections) const;

 private:
  struct Host {
    std::size_t done = 0, in_flight = 0, waiting = 0;
    double total_ms = 0, interval_s = 0;
  };
  mutable std::mutex mutex_;
  std::map<std::string, Host> hosts_;
};

}  // namespace sitemaplint
