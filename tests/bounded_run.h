// Runs the built binary under a time limit, measuring its wall time and peak memory: the tests of
// hostile input and of memory at scale fail on a hang or a blow-up instead of hanging or swapping.
#pragma once

#include <string>
#include <vector>

namespace sitemaplint::testing {

// Sanitizer builds run several times slower, and AddressSanitizer keeps freed memory in quarantine
// (up to 256 MB) besides its shadow memory; time and memory limits scale with these.
#if defined(__SANITIZE_ADDRESS__)
#define SITEMAPLINT_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SITEMAPLINT_TEST_ASAN 1
#endif
#endif
#ifdef SITEMAPLINT_TEST_ASAN
inline constexpr double kSlowdown = 4.0;
inline constexpr long kMemoryFactor = 2;
#else
inline constexpr double kSlowdown = 1.0;
inline constexpr long kMemoryFactor = 1;
#endif

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
