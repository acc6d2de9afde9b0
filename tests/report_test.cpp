// Golden output for each reporter on a small sitemap with known findings.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <sstream>

#include "report/report.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

const char* const kSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"https://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "\t<url><loc>https://example.com/?a=1&b=2</loc></url>\n"
    "</urlset>\n";

}  // namespace

TEST_CASE("human report: location, severity, rule, source line with caret, fix, summary") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "site/sitemap.xml")};
  std::ostringstream out;
  write_human(reports, {}, HumanStyle{}, out);
  CHECK(out.str() ==
        std::string(
            "site/sitemap.xml:2:16: error[SM103 namespace-mismatch]: expected namespace "
            "'http://www.sitemaps.org/schemas/sitemap/0.9', found 'https://www.sitemaps.org/schemas/sitemap/0.9'\n"
            " 2 | <urlset xmlns=\"https://www.sitemaps.org/schemas/sitemap/0.9\">\n") +
            "   |                ^" + std::string(43, '~') +
            "\n"
            "  fix: replace with 'http://www.sitemaps.org/schemas/sitemap/0.9'\n"
            "site/sitemap.xml:3:36: error[SM301 unescaped-ampersand]: raw '&' must be written '&amp;'; "
            "XML parsers reject the whole file\n"
            " 3 |  <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
            "   |                                    ^\n"
            "  fix: replace with '&amp;'\n"
            "Found 2 errors, 0 warnings and 0 info findings in 1 file (2 with a suggested fix).\n");
}

TEST_CASE("human report: quiet mode prints one line per finding and no summary") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "s.xml")};
  std::ostringstream out;
  write_human(reports, {}, HumanStyle{false, true}, out);
  CHECK(out.str() ==
        "s.xml:2:16: error[SM103 namespace-mismatch]: expected namespace "
        "'http://www.sitemaps.org/schemas/sitemap/0.9', found 'https://www.sitemaps.org/schemas/sitemap/0.9'\n"
        "s.xml:3:36: error[SM301 unescaped-ampersand]: raw '&' must be written '&amp;'; XML parsers "
        "reject the whole file\n");
}

TEST_CASE("human report: colour codes only when asked") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "s.xml")};
  std::ostringstream plain, colored;
  write_human(reports, {}, HumanStyle{false, false}, plain);
  write_human(reports, {}, HumanStyle{true, false}, colored);
  CHECK(plain.str().find('\033') == std::string::npos);
  CHECK(colored.str().find("\033[1;31merror") != std::string::npos);
}

TEST_CASE("human report: a clean run says so") {
  const std::vector<FileReport> reports{lint_text(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
      "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/</loc></url></urlset>\n")};
  std::ostringstream out;
  write_human(reports, {}, HumanStyle{}, out);
  CHECK(out.str() == "No problems found in 1 file.\n");
}

TEST_CASE("human report: a very long line is shown as a window around the finding") {
  const std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "
      "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/" +
      std::string(5000, 'a') + "&b</loc></url></urlset>\n";
  const std::vector<FileReport> reports{lint_text(text, "s.xml")};
  std::ostringstream out;
  write_human(reports, {}, HumanStyle{}, out);
  std::istringstream lines(out.str());
  std::string line;
  while (std::getline(lines, line) && line.find("SM301") == std::string::npos) {
  }
  std::getline(lines, line);  // the excerpt under the SM301 finding
  CHECK(line.size() < 140);
  CHECK(line.find("...") != std::string::npos);
  std::string caret;
  std::getline(lines, caret);
  CHECK(line[caret.find('^')] == '&');
}

TEST_CASE("json report: documented shape and values") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "site/sitemap.xml")};
  std::ostringstream out;
  write_json(reports, {}, out);
  const auto json = nlohmann::json::parse(out.str());
  CHECK(json["version"] == 1);
  CHECK(json["tool"]["name"] == "sitemaplint");
  REQUIRE(json["files"].size() == 1);
  const auto& file = json["files"][0];
  CHECK(file["path"] == "site/sitemap.xml");
  CHECK(file["kind"] == "urlset");
  CHECK(file["entries"] == 1);
  REQUIRE(file["diagnostics"].size() == 2);
  const auto& d = file["diagnostics"][1];
  CHECK(d["rule"] == "unescaped-ampersand");
  CHECK(d["code"] == "SM301");
  CHECK(d["severity"] == "error");
  CHECK(d["line"] == 3);
  CHECK(d["column"] == 36);
  CHECK(d["end_line"] == 3);
  CHECK(d["end_column"] == 37);
  CHECK(d["message"].get<std::string>().find("&amp;") != std::string::npos);
  CHECK(d["fix"]["replacement"] == "&amp;");
  CHECK(d["fix"]["offset"] == d["offset"]);
  CHECK(d["authority"] == nlohmann::json::array({"sitemaps.org", "Google", "XML 1.0"}));
  CHECK(d["search_console"] == "Parsing error");
  CHECK(json["summary"]["errors"] == 2);
  CHECK(json["summary"]["warnings"] == 0);
  CHECK(json["summary"]["fixable"] == 2);
}

TEST_CASE("json report: invalid UTF-8 quoted in a message does not break the JSON") {
  const std::vector<FileReport> reports{lint_text(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
      "\xE9</urlset>\n")};
  std::ostringstream out;
  write_json(reports, {}, out);
  const auto json = nlohmann::json::parse(out.str());
  CHECK(json["summary"]["errors"].get<int>() >= 1);
}

TEST_CASE("json report: each finding says whose rule it is, narrowed where only some authorities object") {
  // White space around <changefreq> breaks the XSD's enumeration; around <lastmod> XML Schema
  // collapses it, so that finding is sitemaplint's advice alone.
  const std::vector<FileReport> reports{lint_text(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "  <url><loc>https://example.com/</loc><lastmod> 2024-05-31</lastmod><changefreq>daily </changefreq></url>\n"
      "</urlset>\n",
      "s.xml")};
  std::ostringstream out;
  write_json(reports, {}, out);
  const auto json = nlohmann::json::parse(out.str());
  const auto& diagnostics = json["files"][0]["diagnostics"];
  REQUIRE(diagnostics.size() == 2);
  CHECK(diagnostics[0]["code"] == "SM113");
  CHECK(diagnostics[0]["authority"] == nlohmann::json::array({"sitemaplint advice"}));
  CHECK(diagnostics[1]["code"] == "SM113");
  CHECK(diagnostics[1]["authority"] == nlohmann::json::array({"sitemap XSD", "sitemaplint advice"}));
  CHECK(!diagnostics[0].contains("search_console"));
}
