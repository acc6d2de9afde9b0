// A file read from disk gives its bytes up once linted, findings or not, so a whole site never sits
// in memory at once; the report reads it again to place and show its findings.
#include <doctest/doctest.h>

#include "load/source.h"
#include "report/source.h"
#include "run/lint.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

TEST_CASE("report source: a linted file's bytes are released and read again for its findings") {
  TempDir dir;
  const std::string path = dir.write("s.xml", kErrorAndWarning);
  Input input;
  std::string error;
  REQUIRE(load_input(path, &input, &error));
  const FileReport report = lint_input(std::move(input), every_rule(), test_settings());
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
  const std::string path = dir.write("clean.xml", kCleanSitemap);
  Input input;
  std::string error;
  REQUIRE(load_input(path, &input, &error));
  const FileReport report = lint_input(std::move(input), every_rule(), test_settings());
  REQUIRE(report.diagnostics.empty());
  CHECK(ReportSource(report).bytes().empty());
  CHECK(ReportSource(report, true).bytes() == kCleanSitemap);
}
