// doctest's main, which also says what was skipped. Under ctest each test case runs alone and a
// skipped one exits with SITEMAPLINT_SKIP_RETURN_CODE, which ctest reports as skipped. Run directly,
// a skipped test case cannot stop the others: it is counted, and the run ends with the list and
// exit code 77 (nothing failed, something did not run), so a skip never reads as a pass.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#include "test_support.h"

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int failed = context.run();
  if (context.shouldExit()) return failed;
  const std::vector<std::string>& skipped = sitemaplint::testing::skipped_tests();
  if (skipped.empty()) return failed;
  std::printf("[sitemaplint] %zu test case(s) SKIPPED, not passed:\n", skipped.size());
  for (const std::string& reason : skipped) std::printf("  %s\n", reason.c_str());
  return failed != 0 ? failed : 77;
}
