// The SARIF report: its structure on a small sitemap, stable fingerprints, and the output of the
// built binary validated against the SARIF 2.1.0 JSON schema (tests/sarif-schema).
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "engine/registry.h"
#include "report/report.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

// A warning without a fix (SM106, <lastmod> before <loc>), an error with one (SM301) and, for the
// non-ASCII character, SM208. U+1F600 is one character but two UTF-16 code units.
const std::string kSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><lastmod>2024-01-01</lastmod><loc>https://example.com/</loc></url>\n"
    "\t<url><loc>https://example.com/\U0001F600?a=1&b=2</loc></url>\n"
    "</urlset>\n";

nlohmann::json sarif_of(const std::vector<FileReport>& reports, SarifRules rules = SarifRules::Fired) {
  std::ostringstream out;
  write_sarif(reports, {}, out, rules);
  return nlohmann::json::parse(out.str());
}

const nlohmann::json& result_for(const nlohmann::json& sarif, const std::string& rule) {
  for (const auto& r : sarif["runs"][0]["results"]) {
    if (r["ruleId"] == rule) return r;
  }
  FAIL("no result for " << rule);
  static const nlohmann::json none;
  return none;
}

}  // namespace

TEST_CASE("sarif report: log, run, driver, every rule with its help (--sarif-all-rules)") {
  const nlohmann::json sarif = sarif_of({lint_text(kSitemap, "site/sitemap.xml")}, SarifRules::All);
  CHECK(sarif["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
  CHECK(sarif["version"] == "2.1.0");
  REQUIRE(sarif["runs"].size() == 1);
  const auto& run = sarif["runs"][0];
  CHECK(run["columnKind"] == "utf16CodeUnits");
  CHECK(run["tool"]["driver"]["name"] == "sitemaplint");
  CHECK(run["tool"]["driver"]["version"] == SITEMAPLINT_VERSION);
  const auto& rules = run["tool"]["driver"]["rules"];
  REQUIRE(rules.size() == all_rules().size());
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const RuleInfo& info = *all_rules()[i];
    CAPTURE(info.code);
    CHECK(rules[i]["id"] == info.code);
    CHECK(rules[i]["name"] == info.name);
    CHECK(rules[i]["shortDescription"]["text"] == info.summary);
    const std::string help = rules[i]["help"]["text"];
    CHECK(help.starts_with("Authority: " + authority_list(info.authorities) + "\n"));
    CHECK(help.ends_with(info.docs));
    CHECK(rules[i]["help"]["markdown"] == help);
    CHECK(rules[i]["properties"]["authorities"].size() == authority_names(info.authorities).size());
    CHECK(rules[i]["properties"]["tags"][0] == info.family->name);
    CHECK(rules[i]["properties"].contains("searchConsole") == !info.search_console.empty());
    CHECK(rules[i]["defaultConfiguration"]["level"] ==
          (info.default_severity == Severity::Info ? "note" : std::string(severity_name(info.default_severity))));
  }
}

TEST_CASE("sarif report: by default the driver describes only the rules that made a finding, in rule order") {
  const nlohmann::json sarif = sarif_of({lint_text(kSitemap, "site/sitemap.xml")});
  const auto& rules = sarif["runs"][0]["tool"]["driver"]["rules"];
  REQUIRE(rules.size() == 3);
  CHECK(rules[0]["id"] == "SM106");
  CHECK(rules[1]["id"] == "SM208");
  CHECK(rules[2]["id"] == "SM301");
  for (const auto& result : sarif["runs"][0]["results"]) {
    CHECK(rules[result["ruleIndex"].get<std::size_t>()]["id"] == result["ruleId"]);
  }
  const nlohmann::json clean = sarif_of({lint_text(kCleanSitemap, "clean.xml")});
  CHECK(clean["runs"][0]["tool"]["driver"]["rules"].empty());
  CHECK(clean.dump().size() < 2000);  // no rule's help in a clean run's log
}

TEST_CASE("sarif report: results with rule, level, message, region in UTF-16 columns, uri, fix") {
  const nlohmann::json sarif = sarif_of({lint_text(kSitemap, "site/sitemap.xml")});
  const auto& results = sarif["runs"][0]["results"];
  REQUIRE(results.size() == 3);

  const auto& order = result_for(sarif, "SM106");
  CHECK(order["level"] == "warning");
  CHECK(order["ruleIndex"].is_number());
  CHECK(sarif["runs"][0]["tool"]["driver"]["rules"][order["ruleIndex"].get<std::size_t>()]["id"] == "SM106");
  CHECK(!order.contains("fixes"));
  const auto& loc = order["locations"][0]["physicalLocation"];
  CHECK(loc["artifactLocation"]["uri"] == "site/sitemap.xml");
  CHECK(loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%");

  const auto& amp = result_for(sarif, "SM301");
  CHECK(amp["level"] == "error");
  CHECK(amp["properties"]["authorities"] == nlohmann::json::array({"sitemaps.org", "Google", "XML 1.0"}));
  CHECK(amp["message"]["text"] == "raw '&' must be written '&amp;'; XML parsers reject the whole file");
  // Line 4: a tab, then "<url><loc>https://example.com/😀?a=1": 36 characters, 37 UTF-16 units.
  const auto& region = amp["locations"][0]["physicalLocation"]["region"];
  CHECK(region["startLine"] == 4);
  CHECK(region["startColumn"] == 38);
  CHECK(region["endLine"] == 4);
  CHECK(region["endColumn"] == 39);
  REQUIRE(amp["fixes"].size() == 1);
  const auto& fix = amp["fixes"][0];
  CHECK(fix["description"]["text"] == "replace with '&amp;'");
  const auto& change = fix["artifactChanges"][0];
  CHECK(change["artifactLocation"]["uri"] == "site/sitemap.xml");
  const auto& replacement = change["replacements"][0];
  CHECK(replacement["deletedRegion"] == region);
  CHECK(replacement["insertedContent"]["text"] == "&amp;");
  CHECK(amp["partialFingerprints"]["primaryLocationLineHash"].is_string());
}

TEST_CASE("sarif report: a fingerprint is FNV-1a of the code, the trimmed line and the path, then its occurrence") {
  // Eleven findings (hashed four at a time, the last three alone), on lines of different lengths,
  // two of them the same line.
  std::string text = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  std::vector<std::string> lines;
  for (int i = 0; i < 11; ++i) {
    const std::string priority = i == 7 ? "1.5" : std::to_string(2 + i) + std::string(static_cast<std::size_t>(i), '0');
    lines.push_back("<url><loc>https://example.com/" + std::string(i == 7 ? "" : std::to_string(i)) +
                    "</loc><priority>" + priority + "</priority></url>");
    text += std::string(static_cast<std::size_t>(i % 3), ' ') + lines.back() + (i % 2 ? "\r\n" : "\n");
  }
  lines.push_back(lines[7]);
  text += "\t" + lines[7] + " \n</urlset>\n";
  const nlohmann::json sarif = sarif_of({lint_text(text, "site/sitemap.xml")});
  const auto fnv1a = [](std::uint64_t h, std::string_view bytes) {
    for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
  };
  std::map<std::string, int> seen;
  std::size_t checked = 0;
  for (const auto& result : sarif["runs"][0]["results"]) {
    if (result["ruleId"] != "SM602") continue;  // priority-out-of-range: one a line
    const std::size_t line = result["locations"][0]["physicalLocation"]["region"]["startLine"];
    REQUIRE(line >= 2);
    REQUIRE(line - 2 < lines.size());
    std::uint64_t hash = fnv1a(14695981039346656037ull, "SM602");
    hash = fnv1a(hash, std::string_view("\0", 1));
    hash = fnv1a(hash, lines[line - 2]);
    hash = fnv1a(hash, std::string_view("\0", 1));
    hash = fnv1a(hash, "site/sitemap.xml");
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    CHECK(result["partialFingerprints"]["primaryLocationLineHash"] ==
          std::string(hex) + ":" + std::to_string(++seen[hex]));
    ++checked;
  }
  CHECK(checked == 12);
  CHECK(seen.size() == 11);
}

TEST_CASE("sarif report: a finding's fingerprint survives an unrelated line inserted above") {
  std::string moved = kSitemap;
  moved.insert(moved.find("  <url>"), "  <url><loc>https://example.com/new</loc></url>\n");
  const nlohmann::json before = sarif_of({lint_text(kSitemap, "site/sitemap.xml")});
  const nlohmann::json after = sarif_of({lint_text(moved, "site/sitemap.xml")});
  for (const std::string rule : {"SM106", "SM301"}) {
    CAPTURE(rule);
    const auto& a = result_for(before, rule);
    const auto& b = result_for(after, rule);
    CHECK(a["locations"][0]["physicalLocation"]["region"]["startLine"] !=
          b["locations"][0]["physicalLocation"]["region"]["startLine"]);
    CHECK(a["partialFingerprints"] == b["partialFingerprints"]);
  }
  // Another file, or another rule on the same line, hashes differently.
  const nlohmann::json elsewhere = sarif_of({lint_text(kSitemap, "other/sitemap.xml")});
  CHECK(result_for(elsewhere, "SM301")["partialFingerprints"] != result_for(before, "SM301")["partialFingerprints"]);
  CHECK(result_for(before, "SM106")["partialFingerprints"] != result_for(before, "SM301")["partialFingerprints"]);
}

TEST_CASE("sarif report: paths outside the current directory and URLs are absolute URIs") {
  FileReport outside = lint_text(kSitemap, "/nonexistent dir/sitemap.xml");
  FileReport url = lint_text(kSitemap, "https://example.com/sitemap.xml");
  const nlohmann::json sarif = sarif_of({outside, url});
  const auto& results = sarif["runs"][0]["results"];
  REQUIRE(results.size() == 6);
  const auto& first = results[0]["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(first["uri"] == "file:///nonexistent%20dir/sitemap.xml");
  CHECK(!first.contains("uriBaseId"));
  const auto& last = results[5]["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(last["uri"] == "https://example.com/sitemap.xml");
  CHECK(!last.contains("uriBaseId"));
}

TEST_CASE("sarif report: a finding made after the bytes were released keeps its recorded position") {
  TempDir dir;
  const std::string a = dir.write("a.xml",
                                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/"
                                  "schemas/sitemap/0.9\">\n  <url><loc>https://example.com/x</loc></url>\n</urlset>\n");
  const std::string b =
      dir.write("b.xml",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/"
                "schemas/sitemap/0.9\">\n\n  <url><loc>https://example.com/x</loc></url>\n</urlset>\n");
  const CommandResult r = run_cli({"--format", "sarif", "--now", kTestNow, a, b});
  const nlohmann::json sarif = nlohmann::json::parse(r.out);
  const auto& dup = result_for(sarif, "SM803");
  const auto& region = dup["locations"][0]["physicalLocation"]["region"];
  CHECK(region["startLine"] == 4);
  CHECK(region["startColumn"] == 13);
  CHECK(dup["partialFingerprints"]["primaryLocationLineHash"].is_string());
}

TEST_CASE("sarif report: the CLI's output validates against the SARIF 2.1.0 schema") {
  if (const std::string missing = node_tool_missing("tests/sarif-schema", "ajv-draft-04"); !missing.empty()) {
    skip_test("validating SARIF against its schema needs Node: " + missing);
    return;
  }
  TempDir dir;
  const std::string many = dir.write(
      "many.xml",
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"https://www.sitemaps.org/schemas/sitemap/0.9\">\n"
      "  "
      "<url><lastmod>2024-13-01</lastmod><loc>https://example.com/é?a=1&b=2</loc><changefreq>Daily</changefreq></url>\n"
      "  <url><loc>https://example.com/é?a=1&b=2</loc><priority>2</priority></url>\n"
      "  <url><loc>/relative</loc></url>\n"
      "</urlset>\n");
  struct Case {
    std::string name;
    std::vector<std::string> inputs;
    int exit_code = 1;
  };
  const std::vector<Case> cases{
      {"clean", {"testdata/example/sitemap.xml"}, 0},
      {"many findings with fixes, outside the current directory", {many}},
      {"gzip",
       {"testdata/rules/SM007-compression-error/valid.xml.gz",
        "testdata/rules/SM007-compression-error/corrupt.xml.gz"}},
      {"text sitemap", {"testdata/rules/SM008-not-a-sitemap/urls.txt"}, 0},
      {"every rule fixture", {"testdata/rules"}},
      // Tool notifications: inputs that could not be read, and the warning limit exceeded.
      {"unreadable inputs",
       {"testdata/example/sitemap.xml", "missing.xml", (dir.path / "nothing.xml").string(),
        "http://127.0.0.1:1/sitemap.xml"},
       2},
      {"warning limit", {"--max-warnings", "0", "testdata/example/sitemap.xml"}},
  };
  for (const Case& c : cases) {
    CAPTURE(c.name);
    std::vector<std::string> args{"--format", "sarif",    "--now",
                                  kTestNow,   "--output", (dir.path / "out.sarif").string()};
    args.insert(args.end(), c.inputs.begin(), c.inputs.end());
    const CommandResult r = run_cli(args, "", source_path(""));
    CHECK(r.exit_code == c.exit_code);
    const std::string sarif = read_file((dir.path / "out.sarif").string());
    REQUIRE(!sarif.empty());
    CHECK(nlohmann::json::accept(sarif));
    const CommandResult validation = run_node("tests/sarif-schema/validate.js", {(dir.path / "out.sarif").string()});
    INFO(validation.out);
    CHECK(validation.exit_code == 0);
  }
}

TEST_CASE("sarif report: a rule's properties name its authorities and Search Console message") {
  const nlohmann::json sarif = sarif_of({lint_text(kSitemap, "site/sitemap.xml")}, SarifRules::All);
  for (const auto& rule : sarif["runs"][0]["tool"]["driver"]["rules"]) {
    if (rule["id"] != "SM401") continue;
    CHECK(rule["properties"]["authorities"] ==
          nlohmann::json::array({"sitemaps.org", "sitemap XSD", "Google", "W3C Datetime"}));
    CHECK(rule["properties"]["searchConsole"] == "Invalid date");
    CHECK(rule["properties"]["tags"] ==
          nlohmann::json::array({"lastmod", "sitemaps.org", "sitemap XSD", "Google", "W3C Datetime"}));
    CHECK(rule["help"]["text"].get<std::string>().starts_with(
        "Authority: sitemaps.org, sitemap XSD, Google, W3C Datetime\n\n"
        "Search Console: \"Invalid date\"\n\n## What it does"));
    return;
  }
  FAIL("SM401 is not among the rules");
}
