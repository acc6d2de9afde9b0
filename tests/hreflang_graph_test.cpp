// The hreflang graph end to end, through the built binary: a site's sitemaps followed from an
// index on disk, and the same files given together, with both ends of each broken pair named.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>

#include "test_support.h"
#include "sanitizer_scale.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

const char* const kHead =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";

// One <url> on three lines: its <loc>, its links (code -> path) on one line, and </url>.
std::string url(const std::string& path, const std::vector<std::pair<std::string, std::string>>& links) {
  std::string out = "  <url>\n    <loc>https://example.com" + path + "</loc>\n   ";
  for (const auto& [code, target] : links) {
    out += " <xhtml:link rel=\"alternate\" hreflang=\"" + code + "\" href=\"https://example.com" + target + "\"/>";
  }
  return out + "\n  </url>\n";
}

// "file line:col CODE message [-> file line:col]" for every finding, files in report order.
std::vector<std::string> findings(const std::string& json_text, const fs::path& base) {
  std::vector<std::string> out;
  const auto report = nlohmann::json::parse(json_text);
  for (const auto& file : report["files"]) {
    const std::string path = fs::path(file["path"].get<std::string>()).lexically_relative(base).string();
    for (const auto& d : file["diagnostics"]) {
      std::string line = path + " " + std::to_string(d["line"].get<int>()) + ":" +
                         std::to_string(d["column"].get<int>()) + " " + d["code"].get<std::string>() + " " +
                         d["message"].get<std::string>();
      if (d.contains("related")) {
        const auto& r = d["related"];
        const std::string other =
            r.contains("path") ? fs::path(r["path"].get<std::string>()).lexically_relative(base).string() : path;
        line +=
            " -> " + other + " " + std::to_string(r["line"].get<int>()) + ":" + std::to_string(r["column"].get<int>());
      }
      out.push_back(line);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("hreflang graph: the example site is clean through its index and as files given together") {
  const std::string dir = source_path("testdata/example/hreflang");
  const auto through_index = run_cli({"--format", "json", "--now", kTestNow, "--base-url",
                                      "https://example.com/sitemap_index.xml", dir + "/sitemap_index.xml"});
  INFO(through_index.out);
  CHECK(through_index.exit_code == 0);
  CHECK(findings(through_index.out, dir).empty());
  CHECK(nlohmann::json::parse(through_index.out)["files"].size() == 4);  // the index and its 3 children
  const auto together = run_cli({"--format", "json", "--now", kTestNow, dir + "/sitemap-de.xml",
                                 dir + "/sitemap-en.xml", dir + "/sitemap-fr.xml"});
  CHECK(together.exit_code == 0);
  CHECK(findings(together.out, dir).empty());
  // Without the French sitemap, its pages are alternates in no sitemap of the run: the graph sees
  // every link (once per file and page).
  const auto partial =
      run_cli({"--format", "json", "--now", kTestNow, dir + "/sitemap-de.xml", dir + "/sitemap-en.xml"});
  const std::vector<std::string> partial_findings = findings(partial.out, dir);
  CHECK(partial_findings.size() == 6);
  for (const std::string& f : partial_findings)
    CHECK(f.find(" LANG505 alternate 'https://example.com/fr/") != std::string::npos);
}

TEST_CASE("hreflang graph: an index's children on disk, both ends of each broken pair named") {
  TempDir site;
  site.write("public/sitemap_index.xml",
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
             "  <sitemap><loc>https://example.com/en.xml</loc></sitemap>\n"
             "  <sitemap><loc>https://example.com/de.xml</loc></sitemap>\n"
             "</sitemapindex>\n");
  // /en/ lists /de/ and /fr/; /de/ lists only /en/'s cluster without /fr/, and calls /en/ 'en-GB';
  // /fr/ is listed without annotations; /it/ is in no sitemap.
  site.write("public/en.xml", std::string(kHead) +
                                  url("/en/", {{"en", "/en/"}, {"de", "/de/"}, {"fr", "/fr/"}, {"x-default", "/en/"}}) +
                                  "</urlset>\n");
  site.write("public/de.xml",
             std::string(kHead) +
                 url("/de/", {{"de", "/de/"}, {"en-GB", "/en/"}, {"it", "/it/"}, {"x-default", "/en/"}}) +
                 "  <url><loc>https://example.com/fr/</loc></url>\n</urlset>\n");
  const fs::path pub = site.path / "public";
  const auto result = run_cli({"--format", "json", "--now", kTestNow, "--base-url",
                               "https://example.com/sitemap_index.xml", (pub / "sitemap_index.xml").string()});
  INFO(result.out);
  CHECK(result.exit_code == 0);  // warnings and info only
  const std::string en = (pub / "en.xml").string(), de = (pub / "de.xml").string();
  // Each finding in the file of the link, naming the other end (path:line:col) in its message and
  // as its related location.
  CHECK(
      findings(result.out, pub) ==
      std::vector<std::string>{
          "en.xml 5:128 LANG503 the alternates of this page and of 'https://example.com/de/' (" + de +
              ":3:3) differ: missing there: 'https://example.com/fr/'; missing here: 'https://example.com/it/' -> "
              "de.xml 3:3",
          "en.xml 5:203 LANG502 'https://example.com/fr/' (fr) is listed at " + de +
              ":7:3 without hreflang annotations; unless its HTML or HTTP headers link back, Google ignores this pair "
              "-> de.xml 7:3",
          "de.xml 5:118 LANG504 hreflang 'en-GB' for 'https://example.com/en/' disagrees with that page's own entry (" +
              en + ":5:43), which calls itself 'en'; give each page the same code everywhere -> en.xml 5:43",
          "de.xml 5:206 LANG505 alternate 'https://example.com/it/' is in no sitemap of this run; its return links "
          "cannot "
          "be checked",
      });
}

TEST_CASE("hreflang graph: files given together, a missing return link shown at both ends") {
  TempDir site;
  const std::string en =
      site.write("en.xml", std::string(kHead) + url("/en/", {{"en", "/en/"}, {"de", "/de/"}, {"x-default", "/en/"}}) +
                               "</urlset>\n");
  const std::string de = site.write("de.xml", std::string(kHead) + url("/de/", {{"de", "/de/"}}) + "</urlset>\n");
  const auto result = run_cli({"--now", kTestNow, "--color", "never", en, de});
  CHECK(result.exit_code == 1);
  CHECK(
      result.out ==
      en +
          ":5:128: error[LANG501 hreflang-return-link-missing]: 'https://example.com/de/' (de) does not link back: its "
          "entry at " +
          de +
          ":3:3 lists only itself; add <xhtml:link rel=\"alternate\" hreflang=\"en\" "
          "href=\"https://example.com/en/\"/> there, or Google ignores this pair\n"
          " 5 | ....com/en/\"/> <xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"https://example.com/de/\"/> "
          "<xhtml:link rel=\"alternate\" hrefl...\n"
          "   |                                                                ^~~~~~~~~~~~~~~~~~~~~~~\n"
          "  note: the entry of 'https://example.com/de/' at " +
          de +
          ":3:3\n"
          "Found 1 error, 0 warnings and 0 info findings in 2 files.\n");
  // Linted alone, each file is a set of its own: /de/ is then in no sitemap of the run, which
  // a single file does not report.
  CHECK(run_cli({"--now", kTestNow, en}).exit_code == 0);
}

TEST_CASE("hreflang: a <url> with 150,000 links and a cluster of 400 pages that all link each other stay fast") {
  TempDir site;
  // Every check that compares the links of one entry sorts them; pairing them took 10^10 steps.
  std::string one = std::string(kHead) + "  <url>\n    <loc>https://example.com/p0</loc>\n";
  for (std::size_t i = 0; i < sized_for_build(150'000); ++i) {
    one +=
        "    <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.com/p" + std::to_string(i) + "\"/>\n";
  }
  const std::string wide = site.write("wide.xml", one + "  </url>\n</urlset>\n");
  // Clusters are compared by digest first; comparing them member by member took 400^3 steps.
  std::string all = kHead;
  const std::size_t cluster = sized_for_build(400);
  for (std::size_t page = 0; page < cluster; ++page) {
    all += "  <url>\n    <loc>https://example.com/c" + std::to_string(page) + "</loc>\n";
    for (std::size_t i = 0; i < cluster; ++i) {
      all += "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://example.com/c" +
             std::to_string(i) + "\"/>\n";
    }
    all += "  </url>\n";
  }
  const std::string dense = site.write("dense.xml", all + "</urlset>\n");
  const auto start = std::chrono::steady_clock::now();
  const auto result = run_cli({"--quiet", "--now", kTestNow, wide, dense});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(result.exit_code == 0);  // LANG111 warnings: one code, many pages
  CHECK(result.out.find("LANG111") != std::string::npos);
  // The dense clusters agree: no graph finding there (wide.xml's alternates are in no sitemap).
  CHECK(result.out.find("LANG505") != std::string::npos);
  for (const char* code : {"LANG501", "LANG502", "LANG503", "LANG504"})
    CHECK(result.out.find(code) == std::string::npos);
  CHECK(seconds < 120);  // the quadratic versions took hours; sanitizer builds on a busy machine take a minute
}
