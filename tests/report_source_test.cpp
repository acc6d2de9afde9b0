// A file read from disk gives its bytes up once linted, findings or not, so a whole site never sits
// in memory at once; the report reads it again to place and show its findings.
#include <doctest/doctest.h>

#include "load/source.h"
#include "report/source.h"
#include "profile.h"
#include "run/lint.h"
#include "run/lint_many.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// Lints `text` as the file `name` in `dir`, read from disk as the CLI reads it.
FileReport lint_on_disk(const TempDir& dir, const std::string& name, const std::string& text) {
  Input input;
  std::string error;
  REQUIRE(load_input(dir.write(name, text), &input, &error));
  return lint_input(std::move(input), every_rule(), test_settings());
}

}  // namespace

TEST_CASE("report source: a linted file's bytes are released and read again for its findings") {
  TempDir dir;
  const FileReport report = lint_on_disk(dir, "s.xml", kErrorAndWarning);
  REQUIRE(!report.diagnostics.empty());
  CHECK(report.bytes.empty());
  CHECK(report.reloadable);
  const ReportSource source(report);
  CHECK(source.bytes() == kErrorAndWarning);
  CHECK(source.position(report.diagnostics.front().offset).line == 3);  // the raw '&'
}

TEST_CASE("report source: bytes that cannot be read again (standard input, a fetch) are kept") {
  const FileReport report = lint_text(kErrorAndWarning, "-");
  CHECK(report.bytes == kErrorAndWarning);
  CHECK(ReportSource(report).bytes() == kErrorAndWarning);
}

TEST_CASE("report source: a clean released file is not read again unless asked") {
  TempDir dir;
  const FileReport report = lint_on_disk(dir, "clean.xml", kCleanSitemap);
  REQUIRE(report.diagnostics.empty());
  CHECK(ReportSource(report).bytes().empty());
  CHECK(ReportSource(report, true).bytes() == kCleanSitemap);
}

TEST_CASE("report source: the only input of a run keeps its bytes; each of several gives them up") {
  TempDir dir;
  const std::string one = dir.write("one.xml", kErrorAndWarning);
  const std::string two = dir.write("two.xml", kErrorAndWarning);
  Profile profile;
  profile.selection = every_rule();
  profile.settings = test_settings();
  const auto lint = [&](const std::vector<std::string>& paths) {
    return lint_all(paths, same_profile_for_all(profile), 1, FetchOptions{}, paths.size() > 1, LintScope::Alone, nullptr);
  };

  const std::vector<Outcome> alone = lint({one});
  REQUIRE(alone.front().report);
  CHECK(alone.front().report->bytes == kErrorAndWarning);  // nothing to bound: the report reads no file again
  CHECK_FALSE(alone.front().report->reloadable);

  for (const Outcome& outcome : lint({one, two})) {
    REQUIRE(outcome.report);
    CHECK(outcome.report->bytes.empty());
    CHECK(outcome.report->reloadable);
    CHECK(ReportSource(*outcome.report).bytes() == kErrorAndWarning);
  }
}
