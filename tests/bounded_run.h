// Runs the built binary under a time limit, measuring its wall time and peak memory: the tests of
// hostile input and of memory at scale fail on a hang or a blow-up instead of hanging or swapping.
#pragma once

#include <string>
#include <vector>

#include "sanitizer_scale.h"

namespace sitemaplint::testing {

// Runs the binary directly (not through a shell) with a hard time limit, measuring its wall time
// and peak resident memory: a hang becomes a failure, not a stuck test run.
struct BoundedResult {
  int exit_code = -1;  // -1: killed by a signal (a crash, or the time limit)
  int signal = 0;
  bool timed_out = false;
  double seconds = 0;
  long max_rss_kib = 0;
  std::string out, err;
};

// Runs sitemaplint with `args`, its standard input read from `stdin_path`; killed after
// `timeout_seconds`.
BoundedResult run_bounded(const std::vector<std::string>& args, double timeout_seconds,
                          const std::string& stdin_path = "/dev/null");

}  // namespace sitemaplint::testing
