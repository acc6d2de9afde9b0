// Golden output for the CI formats (gcc, github, junit) on a sitemap with known findings.
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
