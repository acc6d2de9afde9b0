// The library's public API (include/sitemaplint/): settings, findings, errors, and the README's
// example, which tests/install-consumer/ builds against an installed copy.
#include <doctest/doctest.h>
#include <sitemaplint/sitemaplint.h>

#include <signal.h>

#include <algorithm>
#include <cstdint>
#include <sstream>

#include "documented_block.h"
#include "test_support.h"

using namespace sitemaplint::testing;
namespace sl = sitemaplint::api;

namespace {

const char* const kNow = "2026-01-01T00:00:00Z";

sl::Settings at_now() {
  sl::Settings settings;
  settings.now = kNow;
  return settings;
}

}  // namespace

TEST_CASE("library: the README's example is the program the install test builds") {
  const std::string readme = read_file(source_path("README.md"));
  const std::string example = read_file(source_path("tests/install-consumer/lint_example.cpp"));
  CHECK(documented_block(readme, "```cpp\n") == example);
}

TEST_CASE("library: a file's findings are the command line's, placed, with fixes and the summary") {
  const std::string path = source_path("testdata/example/sitemap.xml");
  const sl::Result result = sl::lint_file(path, at_now());
  // --format gcc: "file:line:col: severity: message [CODE name]", one finding a line; its level
  // "info" is gcc's "note".
  std::string printed;
  for (const sl::Finding& f : result.findings) {
    const std::string level = f.severity == sl::Severity::Info ? "note" : std::string(sl::severity_name(f.severity));
    printed += f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + ": " + level + ": " +
               f.message + " [" + f.code + " " + f.rule + "]\n";
  }
  CHECK(printed == run_cli({"--no-config", "--now", kNow, "--format", "gcc", path}).out);
  REQUIRE(result.findings.size() == 4);
  const auto fixed = std::find_if(result.findings.begin(), result.findings.end(),
                                  [](const sl::Finding& f) { return f.fix.has_value(); });
  REQUIRE(fixed != result.findings.end());
  CHECK(fixed->fix->description == "replace with '&apos;'");
  CHECK(result.summary.files == 1);
  CHECK(result.summary.warnings == 1);
  CHECK(result.summary.infos == 3);
  REQUIRE(result.files.size() == 1);
  CHECK(result.files[0].kind == "urlset");
  CHECK(result.files[0].entries == 3);
}

TEST_CASE("library: settings choose rules, severities and what is left out") {
  const std::string bytes = read_file(source_path("testdata/example/sitemap.xml"));
  sl::Settings settings = at_now();
  settings.select = {"SM106,SM304"};
  settings.severities = {{"SM106", sl::Severity::Error}};
  const sl::Result chosen = sl::lint_bytes(bytes, settings, "shop.xml");
  REQUIRE(chosen.findings.size() == 2);
  CHECK(chosen.findings[0].code == "SM106");
  CHECK(chosen.findings[0].severity == sl::Severity::Error);
  CHECK(chosen.findings[0].file == "shop.xml");
  settings.min_severity = sl::Severity::Warning;
  const sl::Result above = sl::lint_bytes(bytes, settings);
  CHECK(above.findings.size() == 1);
  CHECK(above.summary.left_out == 1);
}

TEST_CASE("library: a set's duplicates point into the other file") {
  TempDir dir;
  const std::string a = dir.write("a-sitemap.xml", urlset({"https://example.com/x"}));
  const std::string b = dir.write("b-sitemap.xml", urlset({"https://example.com/x"}));
  const sl::Result result = sl::lint_files({a, b}, at_now());
  const auto across = std::find_if(result.findings.begin(), result.findings.end(),
                                   [](const sl::Finding& f) { return !f.related.empty(); });
  REQUIRE(across != result.findings.end());
  CHECK(across->file == b);
  CHECK(across->related[0].file == a);
  CHECK(across->related[0].line == 3);
}

TEST_CASE("library: it maps no file and leaves the program's SIGBUS handling alone") {
  // The command line maps a released file to show or quote it, with a SIGBUS handler that ends the
  // process if the file is cut short meanwhile (load/mapped_file.h); a program that uses the
  // library must not be ended so: the library reads the files again instead.
  struct sigaction before {};
  REQUIRE(::sigaction(SIGBUS, nullptr, &before) == 0);
  TempDir dir;
  const std::string a = dir.write("a-sitemap.xml", urlset({"https://example.com/x", "https://example.com/y&z"}));
  const std::string b = dir.write("b-sitemap.xml", urlset({"https://example.com/x"}));
  const sl::Result result = sl::lint_files({a, b}, at_now());
  REQUIRE(!result.findings.empty());
  std::ostringstream human;
  sl::write_report(result, "human", human);
  CHECK(human.str().find("https://example.com/y&z") != std::string::npos);  // its line, shown
  struct sigaction after {};
  REQUIRE(::sigaction(SIGBUS, nullptr, &after) == 0);
  CHECK(reinterpret_cast<std::uintptr_t>(after.sa_handler) == reinterpret_cast<std::uintptr_t>(before.sa_handler));
  CHECK((after.sa_flags & SA_SIGINFO) == (before.sa_flags & SA_SIGINFO));
}

TEST_CASE("library: bad settings and unreadable inputs are exceptions, or input errors in a set") {
  sl::Settings settings;
  settings.profile = "gogle";
  CHECK_THROWS_WITH_AS(sl::Linter{settings}, doctest::Contains("profile: unknown profile 'gogle'"), sl::SettingsError);
  settings = {};
  settings.now = "soon";
  CHECK_THROWS_AS(sl::Linter{settings}, sl::SettingsError);
  settings = {};
  settings.base_url = "ftp://example.com/";
  CHECK_THROWS_WITH_AS(sl::Linter{settings}, doctest::Contains("base_url: "), sl::SettingsError);
  const sl::Linter linter(at_now());
  CHECK_THROWS_AS(linter.lint_file("/no/such/sitemap.xml"), sl::UnreadableInputError);
  const sl::Result set = linter.lint_files({"/no/such/sitemap.xml", source_path("testdata/example/sitemap.xml")});
  REQUIRE(set.input_errors.size() == 1);
  CHECK(set.input_errors[0].path == "/no/such/sitemap.xml");
  CHECK(set.summary.files == 1);
  CHECK(set.summary.input_errors == 1);
}

TEST_CASE("library: a config that sets pages is refused, not linted without them") {
  TempDir dir;
  sl::Settings settings = at_now();
  settings.config = (dir.path / "sitemaplint.toml").string();
  for (const char* value : {"true", "\"live\""}) {
    dir.write("sitemaplint.toml", std::string("pages = ") + value + "\n");
    CHECK_THROWS_WITH_AS(sl::Linter{settings}, doctest::Contains("sets pages, which the library and the Python module"),
                         sl::SettingsError);
  }
  dir.write("sitemaplint.toml", "pages = false\n");
  CHECK(sl::Linter{settings}.lint_file(source_path("testdata/example/sitemap.xml")).summary.files == 1);
}

TEST_CASE("library: a Result's report is the command line's, byte for byte, in every format") {
  const std::string example = source_path("testdata/example/sitemap.xml");
  const std::string broken = source_path("testdata/rules/SM105-duplicate-child/two-locs.xml");
  const std::string missing = source_path("testdata/no-such-sitemap.xml");
  sl::Settings settings = at_now();
  settings.min_severity = sl::Severity::Warning;
  settings.html_overview = true;  // what the HTML report shows, gathered while linting
  const sl::Result result = sl::lint_files({example, broken, missing}, settings);
  REQUIRE(result.summary.input_errors == 1);
  REQUIRE(result.summary.left_out > 0);
  const std::vector<std::string> formats = sl::report_formats();
  CHECK(formats.front() == "human");
  CHECK(std::find(formats.begin(), formats.end(), "html") != formats.end());
  CHECK(formats.size() >= 8);
  for (const std::string& format : formats) {
    CAPTURE(format);
    const CommandResult cli = run_cli(
        {"--no-config", "--now", kNow, "--min-severity", "warning", "--format", format, example, broken, missing});
    CHECK(cli.exit_code == 2);
    CHECK(cli.out.size() > 200);
    CHECK(sl::report(result, format) == cli.out);
  }
  settings.html_overview = false;
  CHECK_THROWS_WITH_AS(sl::report(sl::lint_files({example}, settings), "html"),
                       doctest::Contains("lint with the setting html_overview on"), sl::SettingsError);
  CHECK_THROWS_WITH(sl::report(result, "xml"), doctest::Contains("unknown format 'xml' (the formats are human, "));
  CHECK_THROWS_WITH(sl::report(sl::Result{}, "json"), doctest::Contains("has no run behind it"));
}
