// doctest's main, which also says what was skipped. Under ctest each test case runs alone and a
// skipped one exits with SITEMAPLINT_SKIP_RETURN_CODE, which ctest reports as skipped. Run directly,
// a skipped test case cannot stop the others: it is counted, and the run ends with the list and
// exit code 77 (nothing failed, something did not run), so a skip never reads as a pass.
// A run whose filters let no test case through fails: ctest names each test case in a filter, and
// a name it cannot pass on whole (CMake splits a ';' in a test name) would otherwise run nothing
// and pass.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#include "test_support.h"

namespace {

std::size_t test_cases_run = 0;

// Counts the test cases that passed the filters (doctest reports that only to reporters).
struct RunCounter : doctest::IReporter {
  explicit RunCounter(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats& stats) override { test_cases_run = stats.numTestCasesPassingFilters; }
  void test_case_start(const doctest::TestCaseData&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};
REGISTER_LISTENER("run-counter", 1, RunCounter);

}  // namespace

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int failed = context.run();
  if (context.shouldExit()) return failed;
  if (test_cases_run == 0) {
    std::printf("[sitemaplint] no test case matched the filters: nothing ran, which is not a pass\n");
    return 1;
  }
  const std::vector<std::string>& skipped = sitemaplint::testing::skipped_tests();
  if (skipped.empty()) return failed;
  std::printf("[sitemaplint] %zu test case(s) SKIPPED, not passed:\n", skipped.size());
  for (const std::string& reason : skipped) std::printf("  %s\n", reason.c_str());
  return failed != 0 ? failed : 77;
}
