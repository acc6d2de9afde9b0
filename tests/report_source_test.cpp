// A file read from disk gives its bytes up once linted, findings or not, so a whole site never sits
// in memory at once; its findings are placed before that, and the report reads it again to show them.
#include <doctest/doctest.h>

#include <filesystem>

#include "load/mapped_file.h"
#include "load/source.h"
#include "report/source.h"
#include "engine/profile.h"
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

TEST_CASE("report source: the only input of a run keeps its bytes as written, each of several gives them up") {
  TempDir dir;
  const std::string one = dir.write("one.xml", kErrorAndWarning);
  const std::string two = dir.write("two.xml", kErrorAndWarning);
  // With CRLF line ends the pre-scan records no line starts: its findings are placed in the bytes
  // as written, read again.
  std::string crlf_text;
  for (const char c : std::string(kErrorAndWarning)) crlf_text += c == '\n' ? std::string("\r\n") : std::string(1, c);
  const std::string crlf = dir.write("crlf.xml", crlf_text);
  Profile profile;
  profile.selection = every_rule();
  profile.settings = test_settings();
  const auto lint = [&](const std::vector<std::string>& paths) {
    return lint_all(paths, same_profile_for_all(profile), 1, FetchOptions{}, paths.size() > 1, LintScope::Alone,
                    nullptr);
  };

  // Parsed in place, its findings placed from the line starts the pre-scan recorded: the bytes the
  // parse overwrote are not read again, and a reporter that shows lines reads the file again. The
  // only input keeps the buffer it was linted in, which the file is read into: no fresh memory.
  // (A library's way, where nothing is mapped: load/mapped_file.h.)
  allow_mapped_files(false);
  const std::vector<Outcome> alone = lint({one});
  REQUIRE(alone.front().report);
  REQUIRE(!alone.front().report->diagnostics.empty());
  CHECK(alone.front().report->bytes.empty());
  REQUIRE(alone.front().report->spare_buffer.size() == std::string(kErrorAndWarning).size());
  {
    const char* const spare = alone.front().report->spare_buffer.data();
    const ReportSource source(*alone.front().report);
    CHECK(source.bytes() == kErrorAndWarning);
    CHECK(source.bytes().data() == spare);
  }
  // The command line's: the file is mapped (no copy), and the buffer kept to read it into goes
  // (two copies of the file would raise the peak). A gzip input is read again into its buffer.
  allow_mapped_files();
  const std::vector<Outcome> mapped = lint({one});
  REQUIRE(mapped.front().report);
  {
    const char* const spare = mapped.front().report->spare_buffer.data();
    const ReportSource source(*mapped.front().report);
    CHECK(source.bytes() == kErrorAndWarning);
    CHECK(source.bytes().data() != spare);
    CHECK(mapped.front().report->spare_buffer.empty());
  }
  const std::string gz = dir.write("one.xml.gz", gzip_for_test(kErrorAndWarning));
  const std::vector<Outcome> alone_gz = lint({gz});
  REQUIRE(alone_gz.front().report);
  REQUIRE(!alone_gz.front().report->spare_buffer.empty());
  const char* const spare = alone_gz.front().report->spare_buffer.data();
  {
    const ReportSource source(*alone_gz.front().report);
    CHECK(source.bytes() == kErrorAndWarning);
    CHECK(source.bytes().data() == spare);
  }
  // A file changed since is read anew.
  const std::vector<Outcome> changed = lint({one});
  REQUIRE(changed.front().report);
  dir.write("one.xml", std::string(kErrorAndWarning) + "<!-- longer now -->\n");
  CHECK(ReportSource(*changed.front().report).bytes() == std::string(kErrorAndWarning) + "<!-- longer now -->\n");
  dir.write("one.xml", kErrorAndWarning);
  // Each of several inputs gives its buffer up.
  for (const Outcome& outcome : lint({one, two})) CHECK(outcome.report->spare_buffer.empty());
  // Read again all the same, the bytes as written are kept: nothing to bound.
  const std::vector<Outcome> alone_crlf = lint({crlf});
  REQUIRE(alone_crlf.front().report);
  CHECK(alone_crlf.front().report->bytes == crlf_text);

  for (const Outcome& outcome : lint({one, two})) {
    REQUIRE(outcome.report);
    CHECK(outcome.report->bytes.empty());
    CHECK(outcome.report->reloadable);
    CHECK(ReportSource(*outcome.report).bytes() == kErrorAndWarning);
  }
  // The file gone, a report that kept its bytes still shows them: it never reads them again.
  std::filesystem::remove(crlf);
  CHECK(ReportSource(*alone_crlf.front().report).bytes() == crlf_text);
}

TEST_CASE("report source: a released file's findings are placed without reading it again") {
  TempDir dir;
  // A long first line with a non-ASCII character, so columns in code points and in UTF-16 differ.
  const std::string text = std::string(kErrorAndWarning).insert(0, "<!-- \xF0\x9F\x98\x80 -->\n");
  const FileReport report = lint_on_disk(dir, "s.xml", text);
  REQUIRE(!report.diagnostics.empty());
  REQUIRE(!report.placed.empty());
  // What the text says, from a report that kept it.
  const FileReport kept = lint_text(text, "-");
  REQUIRE(kept.diagnostics.size() == report.diagnostics.size());
  const ReportSource from_text(kept);
  // The file changes on disk after linting: placed findings keep the places they had.
  dir.write("s.xml", "\n\n\n\n\n\n\n\n" + text);
  const ReportSource source(report);
  for (std::size_t i = 0; i < report.diagnostics.size(); ++i) {
    const Diagnostic& d = report.diagnostics[i];
    CAPTURE(d.message);
    for (const std::size_t offset : {d.offset, d.offset + d.length}) {
      const Position placed = source.position(offset), expected = from_text.position(offset);
      CHECK(placed.line == expected.line);
      CHECK(placed.column == expected.column);
      CHECK(placed.utf16_column == expected.utf16_column);
    }
  }
  // An offset no finding has (a finding made after the file was released) reads the file again.
  CHECK(source.position(0).line == 1);
  CHECK(source.bytes().starts_with("\n\n\n\n"));
}
