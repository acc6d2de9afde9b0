// --write-baseline and --baseline end to end: findings are matched by path, rule and the entry's
// <loc> (or the message), so a reordered sitemap keeps its baseline and only new findings show.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "test_support.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

std::string urlset(const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n" +
         body + "</urlset>\n";
}

const std::string kA = "  <url><loc>https://example.com/a</loc><lastmod>soon</lastmod></url>\n";
const std::string kB = "  <url><loc>https://example.com/b</loc><changefreq>often</changefreq></url>\n";
const std::string kC = "  <url><loc>ftp://example.com/c</loc></url>\n";

}  // namespace

TEST_CASE("baseline: written with path, rule and url, a reordered sitemap has no new findings") {
  TempDir dir;
  dir.write("sitemap.xml", urlset(kA + kB + kC));
  const auto written =
      run_cli({"--now", kTestNow, "--write-baseline", "baseline.json", "sitemap.xml"}, "", dir.path.string());
  CHECK(written.exit_code == 0);
  CHECK(written.out.empty());
  CHECK(written.err == "sitemaplint: wrote 3 findings to baseline.json\n");
  std::ifstream in(dir.path / "baseline.json");
  const nlohmann::json baseline = nlohmann::json::parse(in);
  CHECK(baseline["version"] == 1);
  REQUIRE(baseline["findings"].size() == 3);
  CHECK(baseline["findings"][0] ==
        nlohmann::json{{"path", "sitemap.xml"}, {"rule", "SM401"}, {"url", "https://example.com/a"}});
  CHECK(baseline["findings"][1] ==
        nlohmann::json{{"path", "sitemap.xml"}, {"rule", "SM501"}, {"url", "https://example.com/b"}});
  CHECK(baseline["findings"][2] ==
        nlohmann::json{{"path", "sitemap.xml"}, {"rule", "SM203"}, {"url", "ftp://example.com/c"}});

  // Lines move; the findings are still the accepted ones.
  dir.write("sitemap.xml", urlset(kC + "\n\n" + kB + kA));
  const auto reordered =
      run_cli({"--now", kTestNow, "--baseline", "baseline.json", "sitemap.xml"}, "", dir.path.string());
  CHECK(reordered.exit_code == 0);
  CHECK(reordered.out == "No problems found in 1 file; 3 findings in the baseline not shown.\n");
  // The machine formats say how many the baseline hid too.
  const auto json = nlohmann::json::parse(
      run_cli({"--now", kTestNow, "--format", "json", "--baseline", "baseline.json", "sitemap.xml"}, "",
              dir.path.string())
          .out);
  CHECK(json["summary"]["baseline_hidden"] == 3);
  const auto sarif = nlohmann::json::parse(
      run_cli({"--now", kTestNow, "--format", "sarif", "--baseline", "baseline.json", "sitemap.xml"}, "",
              dir.path.string())
          .out);
  CHECK(sarif["runs"][0]["invocations"][0]["properties"]["baselineHidden"] == 3);
  // Without --baseline there is no count at all.
  const auto plain =
      nlohmann::json::parse(run_cli({"--now", kTestNow, "--format", "json", "sitemap.xml"}, "", dir.path.string()).out);
  CHECK_FALSE(plain["summary"].contains("baseline_hidden"));

  // A new problem is reported, and only it.
  dir.write("sitemap.xml",
            urlset(kC + kB + "  <url><loc>https://example.com/d</loc><priority>5</priority></url>\n" + kA));
  const auto added =
      run_cli({"--now", kTestNow, "-q", "--baseline", "baseline.json", "sitemap.xml"}, "", dir.path.string());
  CHECK(added.exit_code == 1);
  CHECK(added.out.find("sitemap.xml:5:50: error[SM602 priority-out-of-range]") == 0);
  const auto summary =
      run_cli({"--now", kTestNow, "--baseline", "baseline.json", "sitemap.xml"}, "", dir.path.string());
  CHECK(
      summary.out.ends_with("Found 1 error, 0 warnings and 0 info findings in 1 file; 3 findings in the baseline not "
                            "shown.\n"));
  CHECK(std::count(added.out.begin(), added.out.end(), '\n') == 1);
}

TEST_CASE("baseline: the same problem in a second entry, or in another file, is new") {
  TempDir dir;
  dir.write("sitemap.xml", urlset(kA));
  REQUIRE(run_cli({"--now", kTestNow, "--write-baseline", "b.json", "sitemap.xml"}, "", dir.path.string()).exit_code ==
          0);
  dir.write("sitemap.xml", urlset(kA + "  <url><loc>https://example.com/e</loc><lastmod>soon</lastmod></url>\n"));
  dir.write("other.xml", urlset("  <url><loc>https://example.com/z</loc><lastmod>soon</lastmod></url>\n"));
  const auto result =
      run_cli({"--now", kTestNow, "-q", "--baseline", "b.json", "sitemap.xml", "other.xml"}, "", dir.path.string());
  CHECK(result.exit_code == 1);
  CHECK(result.out.find("sitemap.xml:4:") != std::string::npos);
  CHECK(result.out.find("other.xml:3:") != std::string::npos);
  CHECK(std::count(result.out.begin(), result.out.end(), '\n') == 2);
}

TEST_CASE("baseline: a finding outside any entry is matched by its message") {
  TempDir dir;
  dir.write("empty.xml", urlset(""));  // empty-sitemap, on the root
  REQUIRE(run_cli({"--write-baseline", "b.json", "empty.xml"}, "", dir.path.string()).exit_code == 0);
  std::ifstream in(dir.path / "b.json");
  const nlohmann::json baseline = nlohmann::json::parse(in);
  REQUIRE(baseline["findings"].size() == 1);
  CHECK(baseline["findings"][0]["rule"] == "SM108");
  CHECK(baseline["findings"][0]["url"].get<std::string>().find("lists no <url>") != std::string::npos);
  CHECK(run_cli({"--baseline", "b.json", "empty.xml"}, "", dir.path.string()).exit_code == 0);
}

TEST_CASE("baseline: a missing or malformed baseline, or both flags, are usage errors") {
  TempDir dir;
  dir.write("sitemap.xml", urlset(kA));
  dir.write("bad.json", "{\"findings\": 3}");
  CHECK(run_cli({"--baseline", "missing.json", "sitemap.xml"}, "", dir.path.string()).exit_code == 2);
  const auto bad = run_cli({"--baseline", "bad.json", "sitemap.xml"}, "", dir.path.string());
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("not a sitemaplint baseline") != std::string::npos);
  CHECK(run_cli({"--baseline", "bad.json", "--write-baseline", "x.json", "sitemap.xml"}, "", dir.path.string())
            .exit_code == 2);
}

TEST_CASE("baseline: a repeated <loc> is keyed by its URL, found after the walk as during it") {
  // duplicate-loc finds repeats when the file ends; its findings are keyed by their entry's URL as
  // the findings made while an entry is walked are, with entities decoded and white space trimmed.
  TempDir dir;
  const std::string a = "  <url><loc>https://example.com/a?x=1&amp;y=2</loc></url>\n";
  const std::string b = "  <url><loc> https://example.com/b </loc></url>\n";
  dir.write("sitemap.xml", urlset(a + b + a + b));
  const auto written =
      run_cli({"--write-baseline", "baseline.json", "--select", "SM211", "sitemap.xml"}, "", dir.path.string());
  CHECK(written.exit_code == 0);
  std::ifstream in(dir.path / "baseline.json");
  const nlohmann::json baseline = nlohmann::json::parse(in);
  REQUIRE(baseline["findings"].size() == 2);
  CHECK(baseline["findings"][0] ==
        nlohmann::json{{"path", "sitemap.xml"}, {"rule", "SM211"}, {"url", "https://example.com/a?x=1&y=2"}});
  CHECK(baseline["findings"][1] ==
        nlohmann::json{{"path", "sitemap.xml"}, {"rule", "SM211"}, {"url", "https://example.com/b"}});
  // The repeats come first now: the same findings, still accepted.
  dir.write("sitemap.xml", urlset(b + a + "\n" + b + a));
  const auto again =
      run_cli({"--baseline", "baseline.json", "--select", "SM211", "sitemap.xml"}, "", dir.path.string());
  CHECK(again.exit_code == 0);
  CHECK(again.out == "No problems found in 1 file; 2 findings in the baseline not shown.\n");
}

TEST_CASE("baseline: written from a file name and values that are not UTF-8, it silences its own findings") {
  TempDir dir;
  // A Latin-1 file name, and values with bytes that are no UTF-8: the baseline's JSON holds each
  // as U+FFFD, and its keys are read back as they were written.
  const std::string name = "caf\xE9-sitemap.xml";
  dir.write(name, urlset("  <url><loc>https://example.com/\xE9t\xE9</loc><lastmod>\xFFsoon</lastmod></url>\n"
                         "  <url><loc>ftp://example.com/\xC3(</loc><changefreq>of\xF0\x9Ften</changefreq></url>\n"));
  const auto before = run_cli({"--now", kTestNow, "-q", name}, "", dir.path.string());
  REQUIRE(before.exit_code == 1);
  const auto written = run_cli({"--now", kTestNow, "--write-baseline", "baseline.json", name}, "", dir.path.string());
  CHECK(written.exit_code == 0);
  const std::size_t findings = static_cast<std::size_t>(std::count(before.out.begin(), before.out.end(), '\n'));
  CHECK(written.err == "sitemaplint: wrote " + std::to_string(findings) + " findings to baseline.json\n");
  std::ifstream in(dir.path / "baseline.json");
  const nlohmann::json baseline = nlohmann::json::parse(in);
  REQUIRE(baseline["findings"].size() == findings);
  CHECK(baseline["findings"][0]["path"] == "caf\xEF\xBF\xBD-sitemap.xml");
  const auto again = run_cli({"--now", kTestNow, "--baseline", "baseline.json", name}, "", dir.path.string());
  CHECK(again.exit_code == 0);
  CHECK(again.out == "No problems found in 1 file; 8 findings in the baseline not shown.\n");
}
