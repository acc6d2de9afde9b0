// How a test that cannot run here is reported: as skipped under ctest, as a failure when
// SITEMAPLINT_REQUIRE_ALL_TESTS=1 (CI), and when the test binary runs directly as a list of skipped
// test cases at the end and exit code 77, never as a plain pass.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "test_support.h"

using namespace sitemaplint::testing;

// It skips itself. doctest::skip() keeps it out of ordinary runs and of ctest's list: only the
// test below runs it, with --no-skip.
TEST_CASE("skipping: a test case whose tool is missing" * doctest::skip()) { skip_test("the demo tool is missing"); }

TEST_CASE("skipping: ctest sees the skip code and SITEMAPLINT_REQUIRE_ALL_TESTS turns a skip into a failure") {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const std::string demo = " '" + self + "' --no-skip '--test-case=skipping: a test case whose tool is missing'";
  const std::string said = "SKIPPED: the demo tool is missing";

  const CommandResult under_ctest =
      run_command("env -u SITEMAPLINT_REQUIRE_ALL_TESTS SITEMAPLINT_SKIP_RETURN_CODE=42" + demo);
  INFO(under_ctest.out);
  CHECK(under_ctest.exit_code == 42);
  CHECK(under_ctest.out.find(said) != std::string::npos);

  const CommandResult in_ci = run_command("env SITEMAPLINT_REQUIRE_ALL_TESTS=1 SITEMAPLINT_SKIP_RETURN_CODE=42" + demo);
  INFO(in_ci.out);
  CHECK(in_ci.exit_code == 1);
  CHECK(in_ci.out.find("SITEMAPLINT_REQUIRE_ALL_TESTS=1 demands that it run: the demo tool is missing") !=
        std::string::npos);

  const CommandResult direct =
      run_command("env -u SITEMAPLINT_REQUIRE_ALL_TESTS -u SITEMAPLINT_SKIP_RETURN_CODE" + demo);
  INFO(direct.out);
  CHECK(direct.exit_code == 77);
  CHECK(direct.out.find(said) != std::string::npos);
  CHECK(direct.out.find("[sitemaplint] 1 test case(s) SKIPPED, not passed:\n  the demo tool is missing\n") !=
        std::string::npos);
}
