// --format checkstyle: golden output, its structure read back with pugixml, and the CLI's output
// validated against the checkstyle format's schema (tests/checkstyle-schema) with xmllint.
#include <doctest/doctest.h>
#include <pugixml.hpp>

#include <cstdlib>
#include <sstream>

#include "report/report.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

const char* const kSitemap = kErrorAndWarning;
const char* const kClean = kCleanSitemap;

// Every rule fixture and a missing file, linted by the CLI into DIR/checkstyle.xml.
std::string cli_report(const TempDir& dir) {
  const std::string report = (dir.path / "checkstyle.xml").string();
  const auto r =
      run_cli({"--format", "checkstyle", "--now", kTestNow, "--output", report, "testdata/rules", "no-such-file.xml"},
              "", source_path(""));
  CHECK(r.exit_code == 2);  // the missing input
  return report;
}

}  // namespace

TEST_CASE("checkstyle format: a file element per file, an error element per finding") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "public/sitemap.xml"), lint_text(kClean, "b.xml")};
  const std::vector<InputError> unreadable{{"c&d.xml", "c&d.xml: No such file or directory"}};
  std::ostringstream out;
  write_checkstyle(reports, RunStatus{unreadable, {}}, out);
  CHECK(
      out.str() ==
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<checkstyle version=\"" SITEMAPLINT_VERSION
      "\">\n"
      "  <file name=\"public/sitemap.xml\">\n"
      "    <error line=\"3\" column=\"37\" severity=\"error\" message=\"raw &apos;&amp;&apos; must be written "
      "&apos;&amp;amp;&apos;; XML parsers reject the whole file\" source=\"sitemaplint.SM301.unescaped-ampersand\"/>\n"
      "    <error line=\"4\" column=\"37\" severity=\"warning\" message=\"&lt;loc&gt; comes after &lt;lastmod&gt;; "
      "the schema&apos;s order is loc, lastmod, changefreq, priority, then extensions\" "
      "source=\"sitemaplint.SM106.child-out-of-order\"/>\n"
      "  </file>\n"
      "  <file name=\"b.xml\"/>\n"
      "  <file name=\"c&amp;d.xml\">\n"
      "    <error line=\"1\" severity=\"error\" message=\"c&amp;d.xml: No such file or directory\" "
      "source=\"sitemaplint.input-error\"/>\n"
      "  </file>\n"
      "</checkstyle>\n");
}

TEST_CASE("checkstyle format: whatever a message quotes, the report is well-formed XML") {
  // A message quoting ill-formed UTF-8, a control character and a line break.
  FileReport report = lint_text(kSitemap, "s.xml");
  REQUIRE(!report.diagnostics.empty());
  report.diagnostics[0].message = "bad \xff\xfe bytes \x01 and a\nline break";
  std::ostringstream out;
  write_checkstyle(std::vector<FileReport>{std::move(report)}, {}, out);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(out.str().c_str()));
  const pugi::xml_node error = doc.child("checkstyle").child("file").child("error");
  // Ill-formed UTF-8 as U+FFFD (as a decoder shows it), the control character XML cannot carry as '?'.
  CHECK(std::string(error.attribute("message").value()) == "bad \xEF\xBF\xBD\xEF\xBF\xBD bytes ? and a\nline break");
}

TEST_CASE("checkstyle format: the CLI's output has checkstyle's structure") {
  TempDir dir;
  const std::string report = cli_report(dir);
  pugi::xml_document doc;
  REQUIRE(doc.load_file(report.c_str()));
  const pugi::xml_node root = doc.child("checkstyle");
  CHECK(std::string(root.attribute("version").value()) == SITEMAPLINT_VERSION);
  std::size_t files = 0, errors = 0;
  for (const pugi::xml_node file : root.children()) {
    CHECK(std::string(file.name()) == "file");
    CHECK(!std::string(file.attribute("name").value()).empty());
    ++files;
    for (const pugi::xml_node error : file.children()) {
      CHECK(std::string(error.name()) == "error");
      CHECK(error.attribute("line").as_int() >= 1);
      const std::string severity = error.attribute("severity").value();
      CHECK((severity == "error" || severity == "warning" || severity == "info"));
      CHECK(!std::string(error.attribute("message").value()).empty());
      CHECK(std::string(error.attribute("source").value()).starts_with("sitemaplint."));
      ++errors;
    }
  }
  CHECK(files > 20);
  CHECK(errors > files);
}

TEST_CASE("checkstyle format: the CLI's output validates against the checkstyle schema") {
  if (std::system("command -v xmllint >/dev/null 2>&1") != 0) {
    skip_test("validating against the checkstyle schema needs xmllint (Debian's libxml2-utils)");
    return;
  }
  TempDir dir;
  const std::string report = cli_report(dir);
  const CommandResult validation = run_command(
      "xmllint --noout --schema '" + source_path("tests/checkstyle-schema/checkstyle.xsd") + "' '" + report + "'");
  INFO(validation.out);
  CHECK(validation.exit_code == 0);
}
