// Command-line manners: a misspelt option gets the closest one, a bad value says what was
// expected, a misspelt level gets the level meant; -V and --version name the libraries.
#include <curl/curlver.h>
#include <doctest/doctest.h>

#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// The one line of a usage error, without the "(see sitemaplint --help)" every one ends with.
std::string usage_message(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  const std::string prefix = "sitemaplint: error: ", suffix = " (see sitemaplint --help)\n";
  REQUIRE(r.err.starts_with(prefix));
  REQUIRE(r.err.ends_with(suffix));
  return r.err.substr(prefix.size(), r.err.size() - prefix.size() - suffix.size());
}

}  // namespace

TEST_CASE("command line: an option of one value given twice is said so in plain words") {
  const auto run = run_cli({"--format", "json", "--format", "human", "testdata/example/sitemap.xml"});
  CHECK(run.exit_code == 2);
  CHECK(run.err.find("--format: given 2 times; it takes one value, so give it once") != std::string::npos);
  CHECK(run.err.find("At Most") == std::string::npos);
}

TEST_CASE("command line: an unknown option suggests the closest one") {
  CHECK(usage_message({"--formt", "json", "a.xml"}) == "unknown option '--formt'; did you mean '--format'?");
  CHECK(usage_message({"--formt=json", "a.xml"}) == "unknown option '--formt'; did you mean '--format'?");
  CHECK(usage_message({"--for"}) == "unknown option '--for'; did you mean '--format'?");
  CHECK(usage_message({"--Format", "json"}) == "unknown option '--Format'; did you mean '--format'?");
  CHECK(usage_message({"--min-severty", "error"}) == "unknown option '--min-severty'; did you mean '--min-severity'?");
  CHECK(usage_message({"--exitzero"}) == "unknown option '--exitzero'; did you mean '--exit-zero'?");
  // Nothing close, or a short option: no guess. Hidden options are never suggested.
  CHECK(usage_message({"--no-such-flag"}) == "unknown option '--no-such-flag'");
  CHECK(usage_message({"-x"}) == "unknown option '-x'");
  CHECK(usage_message({"--generate-mann"}) == "unknown option '--generate-mann'");
}

TEST_CASE("command line: a value out of range or of the wrong kind says what was expected") {
  CHECK(usage_message({"--jobs", "abc", "a.xml"}) == "--jobs: expected a whole number from 1 to 1024, got 'abc'");
  CHECK(usage_message({"-j", "0", "a.xml"}) == "--jobs: expected a whole number from 1 to 1024, got '0'");
  CHECK(usage_message({"--jobs", "2.5", "a.xml"}) == "--jobs: expected a whole number from 1 to 1024, got '2.5'");
  CHECK(usage_message({"--max-warnings", "-1", "a.xml"}) ==
        "--max-warnings: expected a whole number from 0 to 1000000000, got '-1'");
  CHECK(usage_message({"--max-warnings", "many", "a.xml"}) ==
        "--max-warnings: expected a whole number from 0 to 1000000000, got 'many'");
  CHECK(usage_message({"--timeout", "0", "a.xml"}) ==
        "--timeout: expected a number of seconds from 0.1 to 3600, got '0'");
  CHECK(usage_message({"--timeout", "10s", "a.xml"}) ==
        "--timeout: expected a number of seconds from 0.1 to 3600, got '10s'");
  CHECK(
      usage_message({"--format", "jsn", "a.xml"}) ==
      "--format: expected one of human, json, gcc, github, junit, sarif, gitlab, checkstyle, html, got 'jsn'; did you "
      "mean 'json'?");
  CHECK(usage_message({"--color", "sometimes", "a.xml"}) ==
        "--color: expected one of auto, always, never, got 'sometimes'");
  CHECK(usage_message({"--list-rules", "markdwn"}) ==
        "--list-rules: expected one of text, markdown, json, got 'markdwn'; did you mean 'markdown'?");
  CHECK(usage_message({"--list-rules", "md"}) == "--list-rules: expected one of text, markdown, json, got 'md'");
}

TEST_CASE("command line: a misspelt severity level gets the level meant") {
  CHECK(usage_message({"--min-severity", "warn", "a.xml"}) ==
        "--min-severity: expected one of error, warning, info, got 'warn'; did you mean 'warning'?");
  CHECK(usage_message({"--severity", "SM301=warn", "a.xml"}) ==
        "--severity: unknown level 'warn'; did you mean 'warning'? (use error, warning or info)");
  CHECK(usage_message({"--severity", "SM301=Error", "a.xml"}) ==
        "--severity: unknown level 'Error'; did you mean 'error'? (use error, warning or info)");
  CHECK(usage_message({"--severity", "SM301=fatal", "a.xml"}) ==
        "--severity: unknown level 'fatal' (use error, warning or info)");
}

TEST_CASE("command line: -V and --version name sitemaplint's version and its libraries'") {
  const auto version = run_cli({"--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out.starts_with("sitemaplint " SITEMAPLINT_VERSION "\n"));
  for (const char* library :
       {"\npugixml 1.", "\nICU ", "\nlibcurl ", "\nzlib ", "\nBoost 1.", "\ntoml++ ", "\nnlohmann-json ", "\nCLI11 "}) {
    CAPTURE(library);
    CHECK(version.out.find(library) != std::string::npos);
  }
  // Not loaded by --version (tests/curl_loading_test.cpp), so it says which version it was built for.
  CHECK(version.out.find("\nlibcurl " LIBCURL_VERSION " (built against; loaded when a URL is fetched)\n") !=
        std::string::npos);
  const auto short_flag = run_cli({"-V"});
  CHECK(short_flag.exit_code == 0);
  CHECK(short_flag.out == version.out);
}
