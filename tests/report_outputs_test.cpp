// -o FORMAT=FILE: several reports from one run, each in its own file, the --format one where it
// always goes.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

#include "http_test_server.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// One error (raw ampersand) and one warning (child out of order).
const std::string kSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
    "  <url><lastmod>2024-01-01</lastmod><loc>https://example.com/x</loc></url>\n"
    "</urlset>\n";

}  // namespace

TEST_CASE("outputs: -o FORMAT=FILE writes each report from the same run") {
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", kSitemap);
  const std::string json = (dir.path / "report.json").string();
  const std::string sarif = (dir.path / "out dir" / "report.sarif").string();
  dir.write("out dir/.keep", "");
  const CommandResult result =
      run_cli({"--format", "github", "--now", kTestNow, "-o", "json=" + json, "--output", "sarif=" + sarif, input});
  CHECK(result.exit_code == 1);
  // The --format report still goes to standard output.
  CHECK(result.out.find("::error file=") != std::string::npos);
  CHECK(result.out.find("::warning file=") != std::string::npos);
  const auto report = nlohmann::json::parse(read_file(json));
  CHECK(report["summary"]["errors"] == 1);
  CHECK(report["summary"]["warnings"] == 1);
  const auto log = nlohmann::json::parse(read_file(sarif));
  CHECK(log["runs"][0]["results"].size() == 2);
}

TEST_CASE("outputs: a plain -o FILE still takes the --format report, beside FORMAT=FILE ones") {
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", kSitemap);
  const std::string human = (dir.path / "report.txt").string();
  const std::string gcc = (dir.path / "report.gcc").string();
  const CommandResult result = run_cli({"-o", human, "-o", "gcc=" + gcc, input});
  CHECK(result.exit_code == 1);
  CHECK(result.out.empty());
  CHECK(read_file(human).find("Found 1 error, 1 warning") != std::string::npos);
  CHECK(read_file(gcc).find(": error: raw '&'") != std::string::npos);
}

TEST_CASE("outputs: a file named like FORMAT=x is written with ./, and mistakes are usage errors") {
  TempDir dir;
  const std::string input = dir.write("sitemap.xml", kSitemap);
  // "./json=x" is a file for the --format report, not a JSON report.
  CHECK(run_cli({"-o", "./json=odd name.txt", input}, "", dir.path.string()).exit_code == 1);
  CHECK(read_file((dir.path / "json=odd name.txt").string()).find("Found 1 error") != std::string::npos);

  const CommandResult twice = run_cli({"-o", (dir.path / "a").string(), "-o", (dir.path / "b").string(), input});
  CHECK(twice.exit_code == 2);
  CHECK(twice.err.find("two files") != std::string::npos);
  CHECK(run_cli({"-o", "json=", input}).exit_code == 2);
  // Never over an input, whichever report would go there; nothing is written then.
  const CommandResult over = run_cli({"-o", "json=" + (dir.path / "r.json").string(), "-o", "sarif=" + input, input});
  CHECK(over.exit_code == 2);
  CHECK(over.err.find("is one of the inputs") != std::string::npos);
  CHECK(read_file(input) == kSitemap);
  CHECK(!std::filesystem::exists(dir.path / "r.json"));
}

TEST_CASE("outputs: a URL is fetched once however many reports are written") {
  HttpTestServer server;
  server.route("/sitemap.xml", HttpResponse{200, {{"Content-Type", "application/xml"}}, kSitemap});
  TempDir dir;
  const CommandResult result = run_cli({"--format", "json", "-o", "sarif=" + (dir.path / "r.sarif").string(), "-o",
                                        "junit=" + (dir.path / "r.xml").string(), server.url("/sitemap.xml")});
  CHECK(result.exit_code == 1);
  CHECK(server.hits("/sitemap.xml") == 1);
  // The same findings in each report (the URLs lie outside the served sitemap's scope too).
  const auto json = nlohmann::json::parse(result.out);
  const auto& summary = json["summary"];
  const std::size_t findings = summary["errors"].get<std::size_t>() + summary["warnings"].get<std::size_t>() +
                               summary["infos"].get<std::size_t>();
  CHECK(findings >= 2);
  CHECK(nlohmann::json::parse(read_file((dir.path / "r.sarif").string()))["runs"][0]["results"].size() == findings);
  CHECK(read_file((dir.path / "r.xml").string()).find("<testsuite") != std::string::npos);
}
