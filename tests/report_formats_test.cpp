// Golden output for the CI formats (gcc, github, junit) on a sitemap with known findings, and on
// names and values that hold escape sequences, controls and ill-formed UTF-8.
#include <doctest/doctest.h>
#include <pugixml.hpp>

#include <sstream>

#include "report/report.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

const char* const kSitemap = kErrorAndWarning;
const char* const kClean = kCleanSitemap;

}  // namespace

TEST_CASE("gcc format: one line per finding, compiler style") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "public/sitemap.xml")};
  std::ostringstream out;
  write_gcc(reports, {}, out);
  CHECK(out.str() ==
        "public/sitemap.xml:3:37: error: raw '&' must be written '&amp;'; XML parsers reject the whole file "
        "[SM301 unescaped-ampersand]\n"
        "public/sitemap.xml:4:37: warning: <loc> comes after <lastmod>; the schema's order is loc, lastmod, "
        "changefreq, priority, then extensions [SM106 child-out-of-order]\n");
}

TEST_CASE("github format: workflow commands with ranges, titles and escaped properties") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "site,a:b/sitemap.xml")};
  std::ostringstream out;
  write_github(reports, {}, out);
  CHECK(out.str() ==
        "::error file=site%2Ca%3Ab/sitemap.xml,line=3,col=37,endLine=3,endColumn=38,"
        "title=SM301 unescaped-ampersand::raw '&' must be written '&amp;'; XML parsers reject the whole file\n"
        "::warning file=site%2Ca%3Ab/sitemap.xml,line=4,col=37,endLine=4,endColumn=41,"
        "title=SM106 child-out-of-order::<loc> comes after <lastmod>; the schema's order is loc, lastmod, "
        "changefreq, priority, then extensions\n");
}

TEST_CASE("junit format: a test case per file, failing on errors, unreadable inputs as errors") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "a.xml"), lint_text(kClean, "b.xml")};
  const std::vector<InputError> unreadable{{"c.xml", "c.xml: No such file or directory"}};
  std::ostringstream out;
  write_junit(reports, RunStatus{unreadable, {}}, out);
  pugi::xml_document doc;
  REQUIRE(doc.load_string(out.str().c_str()));
  const pugi::xml_node suite = doc.child("testsuites").child("testsuite");
  CHECK(suite.attribute("tests").as_int() == 3);
  CHECK(suite.attribute("failures").as_int() == 1);
  CHECK(suite.attribute("errors").as_int() == 1);
  const pugi::xml_node failing = suite.find_child_by_attribute("testcase", "name", "a.xml");
  CHECK(std::string(failing.child("failure").attribute("message").value()) == "1 error");
  CHECK(std::string(failing.child("failure").text().get()) ==
        "a.xml:3:37: error[SM301 unescaped-ampersand]: raw '&' must be written '&amp;'; XML parsers reject the "
        "whole file\n"
        "a.xml:4:37: warning[SM106 child-out-of-order]: <loc> comes after <lastmod>; the schema's order is loc, "
        "lastmod, changefreq, priority, then extensions\n");
  const pugi::xml_node passing = suite.find_child_by_attribute("testcase", "name", "b.xml");
  CHECK(passing.first_child().empty());
  const pugi::xml_node missing = suite.find_child_by_attribute("testcase", "name", "c.xml");
  CHECK(std::string(missing.child("error").attribute("message").value()) == "c.xml: No such file or directory");
}

TEST_CASE("ci formats from the command line") {
  const auto gcc = run_cli({"-f", "gcc", "-"}, kSitemap);
  CHECK(gcc.exit_code == 1);
  CHECK(gcc.out.starts_with("-:3:37: error: raw '&'"));
  const auto github = run_cli({"--format", "github", "-"}, kClean);
  CHECK(github.exit_code == 0);
  CHECK(github.out.empty());
  const auto junit = run_cli({"--format", "junit", "-"}, kClean);
  CHECK(junit.out.find("<testcase classname=\"sitemaplint\" name=\"-\"/>") != std::string::npos);
}

TEST_CASE("gcc and github formats: escape sequences, controls, line breaks and ill-formed UTF-8 are made printable") {
  // ESC, the one-byte CSI (U+009B), DEL, a line break and a byte that is no UTF-8, in a file name
  // and a value; the value's '%' and the name's ',' and ':' are github's own to escape.
  const std::string name =
      "a%,b:bad\x1b[31m\xC2\x9B"
      "2J\x7F\nname\xFF.xml";
  const std::string sitemap =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "  <url><loc>https://example.com/a</loc><changefreq>Dai\xFFly%\xC2\x9B</changefreq></url>\n</urlset>\n";
  const std::vector<FileReport> reports{lint_text(sitemap, name)};
  RunStatus status;
  status.input_errors.push_back(
      {"gone\x1b]0;title\x07.xml", "gone\x1b]0;title\x07.xml: No such file or directory\r\n"});
  const std::string shown = "a%,b:bad?[31m?2J??name?.xml";
  std::ostringstream gcc;
  write_gcc(reports, status, gcc);
  CHECK(gcc.str() ==
        shown +
            ":3:52: error: <changefreq> 'Dai?ly%<U+009B>' is not a valid value: the sitemap XSD allows always, "
            "hourly, daily, weekly, monthly, yearly or never [SM501 changefreq-invalid]\n" +
            shown +
            ":3:55: error: byte 0xFF is not a valid UTF-8 lead byte (is the file in another encoding, such as "
            "Windows-1252?) [SM003 invalid-utf8]\n"
            "gone?]0;title?.xml:1:1: error: No such file or directory?? [unreadable-input]\n");
  std::ostringstream github;
  write_github(reports, status, github);
  const std::string file = "a%25%2Cb%3Abad?[31m?2J??name?.xml";
  CHECK(github.str() ==
        "::error file=" + file +
            ",line=3,col=52,endLine=3,endColumn=60,title=SM501 changefreq-invalid::<changefreq> "
            "'Dai?ly%25<U+009B>' is not a valid value: the sitemap XSD allows always, hourly, daily, weekly, monthly, "
            "yearly or never\n"
            "::error file=" +
            file +
            ",line=3,col=55,endLine=3,endColumn=56,title=SM003 invalid-utf8::byte 0xFF is not "
            "a valid UTF-8 lead byte (is the file in another encoding, such as Windows-1252?)\n"
            "::error file=gone?]0;title?.xml,title=unreadable input::No such file or directory??\n");
}
