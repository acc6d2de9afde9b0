// A one-line progress display on standard error ("sitemaplint: 12/40 files, 10/38 URLs fetched")
// for runs that take a while, such as fetching a large index. Shown only when standard error is a
// terminal and only once the run has taken a second, so quick runs, pipes, CI logs and every
// machine-readable format stay exactly as they were.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "run/progress.h"

namespace sitemaplint {

class ProgressDisplay {
 public:
  // Does nothing unless `enabled` (the caller checks the terminal and the options).
  ProgressDisplay(const RunProgress& progress, bool enabled,
                  std::chrono::milliseconds delay = std::chrono::milliseconds(1000));
  ~ProgressDisplay();
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  // Stops the display and clears its line, so the report starts on a clean line.
  void stop();

 private:
  void loop(std::chrono::milliseconds delay);

  const RunProgress& progress_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool shown_ = false;
  std::thread thread_;
};

// Whether standard error is a terminal a progress line can be drawn on.
bool stderr_is_terminal();

}  // namespace sitemaplint
