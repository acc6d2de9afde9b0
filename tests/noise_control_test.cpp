// Noise control: --min-severity (and min-severity = in the config), --statistics, --exit-zero and
// the human report's grouped summary when there are many findings.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// One error (raw '&'), one warning (lastmod before loc) and N info findings (changefreq never).
std::string sitemap_with(std::size_t infos) {
  std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "  <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
      "  <url><lastmod>2024-05-01</lastmod><loc>https://example.com/x</loc></url>\n";
  for (std::size_t i = 0; i < infos; ++i) {
    text += "  <url><loc>https://example.com/p" + std::to_string(i) + "</loc><changefreq>never</changefreq></url>\n";
  }
  return text + "</urlset>\n";
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("min-severity: findings below the level are left out of the report and the exit code") {
  TempDir dir;
  const std::string path = dir.write("sitemap.xml", sitemap_with(3));
  const auto all = run_cli({"-q", "--now", kTestNow, path});
  CHECK(count_of(all.out, "\n") == 5);
  const auto warnings = run_cli({"-q", "--min-severity", "warning", "--now", kTestNow, path});
  CHECK(count_of(warnings.out, "\n") == 2);
  CHECK(count_of(warnings.out, "info[") == 0);
  const auto errors = run_cli({"--min-severity", "error", "--now", kTestNow, path});
  CHECK(errors.exit_code == 1);
  CHECK(count_of(errors.out, "error[SM301") == 1);
  CHECK(count_of(errors.out, "warning[") == 0);
  CHECK(
      errors.out.ends_with("Found 1 error, 0 warnings and 0 info findings in 1 file (1 with a suggested fix); "
                           "4 findings below error not shown.\n"));
  // Every format: JSON counts only what is reported.
  const auto json = nlohmann::json::parse(run_cli({"--format", "json", "--min-severity", "warning", path}).out);
  CHECK(json["summary"]["infos"] == 0);
  CHECK(json["summary"]["warnings"] == 1);
  // What is not reported does not fail the run: only warnings, with --max-warnings 0, below error.
  const std::string warning_only =
      dir.write("w.xml",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
                "  <url><lastmod>2024-05-01</lastmod><loc>https://example.com/x</loc></url>\n"
                "</urlset>\n");
  CHECK(run_cli({"--max-warnings", "0", warning_only}).exit_code == 1);
  const auto hidden = run_cli({"--max-warnings", "0", "--min-severity", "error", warning_only});
  CHECK(hidden.exit_code == 0);
  CHECK(hidden.out == "No problems found in 1 file; 1 finding below error not shown.\n");
}

TEST_CASE("min-severity: from the config, with the command line having the last word") {
  TempDir dir;
  dir.write("sitemap.xml", sitemap_with(2));
  dir.write("sitemaplint.toml", "min-severity = \"warning\"\n");
  const auto configured = run_cli({"-q", "sitemap.xml"}, "", dir.path.string());
  CHECK(count_of(configured.out, "info[") == 0);
  CHECK(count_of(configured.out, "warning[") == 1);
  const auto overridden = run_cli({"-q", "--min-severity", "info", "sitemap.xml"}, "", dir.path.string());
  CHECK(count_of(overridden.out, "info[") == 2);
  const auto shown = run_cli({"--show-config", "sitemap.xml"}, "", dir.path.string());
  CHECK(shown.out.find("min-severity = \"warning\"\n") != std::string::npos);
}

TEST_CASE("exit-zero: findings never fail the run, unusable inputs still do") {
  TempDir dir;
  const std::string path = dir.write("sitemap.xml", sitemap_with(0));
  CHECK(run_cli({path}).exit_code == 1);
  const auto zero = run_cli({"--exit-zero", path});
  CHECK(zero.exit_code == 0);
  CHECK(zero.out.find("error[SM301") != std::string::npos);
  CHECK(run_cli({"--exit-zero", "--max-warnings", "0", "--ignore", "SM301", path}).exit_code == 0);
  CHECK(run_cli({"--exit-zero", "--diff", path}).exit_code == 0);
  CHECK(run_cli({"--exit-zero", path, (dir.path / "missing.xml").string()}).exit_code == 2);
  CHECK(run_cli({"--exit-zero", "--format", "nope", path}).exit_code == 2);
}

TEST_CASE("statistics: findings per rule instead of the findings, as a table or JSON") {
  TempDir dir;
  const std::string path = dir.write("sitemap.xml", sitemap_with(3));
  const auto table = run_cli({"--statistics", "--now", kTestNow, path});
  CHECK(table.exit_code == 1);  // the exit code is the run's, as without --statistics
  CHECK(table.out ==
        "  count  code   name                 severity  fixable\n"
        "      3  SM502  changefreq-never     info            0\n"
        "      1  SM106  child-out-of-order   warning         0\n"
        "      1  SM301  unescaped-ampersand  error           1\n");
  const auto json = nlohmann::json::parse(run_cli({"--statistics", "--format", "json", path}).out);
  REQUIRE(json.size() == 3);
  CHECK(json[0] ==
        nlohmann::json{
            {"code", "SM502"}, {"name", "changefreq-never"}, {"severity", "info"}, {"count", 3}, {"fixable", 0}});
  CHECK(json[2]["fixable"] == 1);
  const auto filtered = run_cli({"--statistics", "--min-severity", "warning", path});
  CHECK(filtered.out.find("SM502") == std::string::npos);
  const auto clean =
      run_cli({"--statistics", "testdata/example/sitemap.xml", "--select", "SM301"}, "", source_path(""));
  CHECK(clean.exit_code == 0);
  CHECK(clean.out.empty());
  const auto sarif = run_cli({"--statistics", "--format", "sarif", path});
  CHECK(sarif.exit_code == 2);
  CHECK(sarif.err.find("--statistics") != std::string::npos);
}

TEST_CASE("statistics: codes of different lengths keep the columns aligned") {
  TempDir dir;
  std::string text = sitemap_with(25);
  text.replace(text.find("<urlset "), 8, "<urlset xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\" ");
  text.replace(text.rfind("</urlset>"), 9,
               "  <url><loc>https://example.com/i</loc><image:image><image:loc>https://example.com/i.png</image:loc>"
               "<image:title>T</image:title></image:image></url>\n</urlset>");
  const std::string path = dir.write("sitemap.xml", text);
  CHECK(run_cli({"--statistics", "--now", kTestNow, path}).out ==
        "  count  code    name                  severity  fixable\n"
        "     25  SM502   changefreq-never      info            0\n"
        "      1  IMG401  image-deprecated-tag  info            0\n"
        "      1  SM106   child-out-of-order    warning         0\n"
        "      1  SM301   unescaped-ampersand   error           1\n");
  const auto r = run_cli({"--now", kTestNow, path});
  const auto summary = r.out.find("\nFindings per rule:\n");
  REQUIRE(summary != std::string::npos);
  CHECK(r.out.substr(summary, r.out.find("(--min") - summary) ==
        "\nFindings per rule:\n"
        "   1  SM301  unescaped-ampersand   error (fixable)\n"
        "   1  SM106  child-out-of-order    warning\n"
        "  25  SM502  changefreq-never      info\n"
        "   1  IMG401 image-deprecated-tag  info\n");
}

TEST_CASE("human report: many findings end with their count per rule, errors first") {
  TempDir dir;
  const std::string many = dir.write("many.xml", sitemap_with(25));
  const auto r = run_cli({"--now", kTestNow, many});
  const auto summary = r.out.find("\nFindings per rule:\n");
  REQUIRE(summary != std::string::npos);
  CHECK(r.out.substr(summary) ==
        "\nFindings per rule:\n"
        "   1  SM301 unescaped-ampersand  error (fixable)\n"
        "   1  SM106 child-out-of-order   warning\n"
        "  25  SM502 changefreq-never     info\n"
        "(--min-severity warning would leave out the 25 info findings)\n"
        "Found 1 error, 1 warning and 25 info findings in 1 file (1 with a suggested fix).\n");
  // Few findings, or --quiet: no grouped summary.
  CHECK(run_cli({dir.write("few.xml", sitemap_with(3))}).out.find("Findings per rule") == std::string::npos);
  CHECK(run_cli({"-q", many}).out.find("Findings per rule") == std::string::npos);
}
