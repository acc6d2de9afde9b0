// The man page: the sections a manual has, every option and config key with what it does, and
// roff that man(1) renders without a warning.
#include <doctest/doctest.h>

#include <cstdlib>
#include <regex>

#include "config/config_keys.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

std::string man_page() {
  const auto r = run_cli({"--generate-man"});
  REQUIRE(r.exit_code == 0);
  return r.out;
}

// roff's spelling of a name on the command line: every '-' escaped.
std::string roff_name(const std::string& name) {
  std::string out;
  for (char c : name) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out;
}

}  // namespace

TEST_CASE("man page: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, CONFIGURATION, FILES, ENVIRONMENT, EXIT STATUS, EXAMPLES") {
  const std::string page = man_page();
  CHECK(page.starts_with(".TH SITEMAPLINT 1 "));
  std::size_t at = 0;
  for (const char* section : {"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "CONFIGURATION", "FILES", "ENVIRONMENT",
                              "EXIT STATUS", "EXAMPLES", "RULES", "SEE ALSO"}) {
    CAPTURE(section);
    const auto found = page.find(".SH " + std::string(section) + "\n", at);
    CHECK(found != std::string::npos);
    if (found != std::string::npos) at = found;
  }
  // Not the raw --help dump it used to be.
  CHECK(page.find("Usage: sitemaplint") == std::string::npos);
}

TEST_CASE("man page: every option --help shows, and every config key, is described") {
  const std::string page = man_page();
  const auto help = run_cli({"--help"});
  const std::regex option(R"((^|[ ,])(--?[A-Za-z][a-z-]*))");
  std::size_t checked = 0;
  for (auto it = std::sregex_iterator(help.out.begin(), help.out.end(), option); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[2];
    CAPTURE(name);
    CHECK(page.find("\\fB" + roff_name(name) + "\\fR") != std::string::npos);
    ++checked;
  }
  CHECK(checked > 30);
  for (std::span<const std::string_view> keys : {std::span<const std::string_view>(kTopLevelConfigKeys),
                                                 std::span<const std::string_view>(kOverrideConfigKeys)}) {
    for (std::string_view key : keys) {
      CAPTURE(key);
      // ".B key" then a line that says what it is.
      const auto at = page.find(".B " + roff_name(std::string(key)) + "\n");
      REQUIRE(at != std::string::npos);
      const auto text = page.find('\n', at) + 1;
      CHECK(page.find('\n', text) > text + 10);
    }
  }
}

TEST_CASE("man page: man renders it without a warning") {
  if (std::system("command -v man >/dev/null 2>&1") != 0) {
    skip_test("rendering the man page needs man (man-db)");
    return;
  }
  TempDir dir;
  const std::string path = dir.write("sitemaplint.1", man_page());
  // What lintian's groff-message check runs.
  const CommandResult r = run_command(
      "LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z '" + path + "' 2>&1 >/dev/null");
  CHECK(r.exit_code == 0);
  CHECK(r.out.empty());
}
