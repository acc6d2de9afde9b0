// --format gitlab: golden output for a sitemap with known findings, and the CLI's output on many
// inputs validated against GitLab's own Code Quality schema and its documented format
// (tests/gitlab-schema).
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <set>
#include <sstream>

#include "report/report.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// An error (raw '&'), a warning (lastmod before loc) and an info finding (changefreq never).
const char* const kSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
    "  <url><lastmod>2024-05-01</lastmod><loc>https://example.com/x</loc></url>\n"
    "  <url><loc>https://example.com/y</loc><changefreq>never</changefreq></url>\n"
    "</urlset>\n";

}  // namespace

TEST_CASE("gitlab format: one issue per finding, severities mapped, unreadable inputs as blockers") {
  const std::vector<FileReport> reports{lint_text(kSitemap, "public/sitemap.xml"),
                                        lint_text("<urlset", "public/broken.xml")};
  const std::vector<InputError> unreadable{{"gone.xml", "gone.xml: No such file or directory"}};
  std::ostringstream out;
  write_gitlab(reports, RunStatus{unreadable, {}}, out);
  const nlohmann::json issues = nlohmann::json::parse(out.str());
  REQUIRE(issues.is_array());
  REQUIRE(issues.size() >= 5);
  const nlohmann::json& first = issues[0];
  CHECK(first["description"] ==
        "raw '&' must be written '&amp;'; XML parsers reject the whole file "
        "[SM301 unescaped-ampersand]");
  CHECK(first["check_name"] == "SM301");
  CHECK(first["severity"] == "major");
  CHECK(first["location"] == nlohmann::json{{"path", "public/sitemap.xml"}, {"lines", {{"begin", 3}, {"end", 3}}}});
  CHECK(first["fingerprint"].get<std::string>().size() > 16);
  CHECK(issues[1]["check_name"] == "SM106");
  CHECK(issues[1]["severity"] == "minor");
  CHECK(issues[2]["check_name"] == "SM502");
  CHECK(issues[2]["severity"] == "info");
  // A file that is not even XML: its errors are critical.
  bool broken = false;
  for (const auto& issue : issues) {
    if (issue["location"]["path"] == "public/broken.xml") {
      broken = true;
      CHECK(issue["severity"] == "critical");
    }
  }
  CHECK(broken);
  const nlohmann::json& last = issues.back();
  CHECK(last["severity"] == "blocker");
  CHECK(last["check_name"] == "input-error");
  CHECK(last["location"]["path"] == "gone.xml");
  CHECK(last["location"]["lines"]["begin"] == 1);
}

TEST_CASE("gitlab format: fingerprints stay when lines move, and never repeat") {
  const std::string moved = std::string(kSitemap).insert(std::string(kSitemap).find("  <url>"), "\n\n");
  std::ostringstream before, after;
  write_gitlab(std::vector<FileReport>{lint_text(kSitemap, "s.xml")}, {}, before);
  write_gitlab(std::vector<FileReport>{lint_text(moved, "s.xml")}, {}, after);
  const auto a = nlohmann::json::parse(before.str());
  const auto b = nlohmann::json::parse(after.str());
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i]["fingerprint"] == b[i]["fingerprint"]);
    CHECK(a[i]["location"]["lines"]["begin"].get<int>() + 2 == b[i]["location"]["lines"]["begin"].get<int>());
  }
  // The same finding twice on one line is two issues.
  std::ostringstream twice;
  write_gitlab(std::vector<FileReport>{lint_text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://"
                                                 "www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://e.com/?a&b&c"
                                                 "</loc></url></urlset>\n",
                                                 "t.xml")},
               {}, twice);
  std::set<std::string> seen;
  for (const auto& issue : nlohmann::json::parse(twice.str())) {
    CHECK(seen.insert(issue["fingerprint"].get<std::string>()).second);
  }
  CHECK(seen.size() >= 2);
}

namespace {

std::vector<std::string> fingerprints_of(const std::string& text) {
  std::ostringstream out;
  write_gitlab(std::vector<FileReport>{lint_text(text, "s.xml")}, {}, out);
  std::vector<std::string> fingerprints;
  for (const auto& issue : nlohmann::json::parse(out.str())) fingerprints.push_back(issue["fingerprint"]);
  return fingerprints;
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

}  // namespace

TEST_CASE("gitlab format: fingerprints hash the finding's line, whatever ends it, or a window of a very long one") {
  const std::vector<std::string> lf = fingerprints_of(kSitemap);
  REQUIRE(lf.size() == 3);
  CHECK(fingerprints_of(replace_all(kSitemap, "\n", "\r\n")) == lf);
  CHECK(fingerprints_of(replace_all(kSitemap, "\n", "\r")) == lf);
  // One line of 50 entries (about 2,000 bytes), its one finding in the last: the entries added at
  // the line's start are further from it than the window reaches, so its fingerprint stays; one
  // added right before it changes it.
  const auto one_line = [](const std::string& first, const std::string& before_last) {
    std::string text =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">" +
        first;
    for (int i = 0; i < 50; ++i) text += "<url><loc>https://example.com/page-" + std::to_string(i) + "</loc></url>";
    return text + before_last + "<url><loc>https://example.com/?a=1&b=2</loc></url></urlset>\n";
  };
  const std::vector<std::string> long_line = fingerprints_of(one_line("", ""));
  REQUIRE(long_line.size() == 1);
  CHECK(fingerprints_of(one_line("<url><loc>https://example.com/first</loc></url>", "")) == long_line);
  CHECK(fingerprints_of(one_line("", "<url><loc>https://example.com/z</loc></url>")) != long_line);
}

TEST_CASE("gitlab format: paths are relative to the working directory, without ./") {
  TempDir dir;
  dir.write("public/sitemap.xml", kSitemap);
  const auto r = run_cli({"--format", "gitlab", "--now", kTestNow, "./public/sitemap.xml"}, "", dir.path.string());
  CHECK(r.exit_code == 1);
  const auto issues = nlohmann::json::parse(r.out);
  REQUIRE(!issues.empty());
  CHECK(issues[0]["location"]["path"] == "public/sitemap.xml");
  const auto clean =
      run_cli({"--format", "gitlab", "--select", "SM301", "testdata/example/sitemap.xml"}, "", source_path(""));
  CHECK(clean.exit_code == 0);
  CHECK(clean.out == "[]\n");
}

TEST_CASE("gitlab format: the CLI's output validates against GitLab's Code Quality schema") {
  if (const std::string missing = node_tool_missing("tests/sarif-schema", "ajv"); !missing.empty()) {
    skip_test("validating against GitLab's schema needs Node and ajv: " + missing);
    return;
  }
  TempDir dir;
  const std::vector<std::vector<std::string>> cases{
      {"testdata/example/sitemap.xml"},
      {"testdata/rules"},
      {"testdata/rules/SM007-compression-error/corrupt.xml.gz", "testdata/rules/SM008-not-a-sitemap/urls.txt"},
      {"testdata/example/sitemap.xml", "no-such-file.xml"},
  };
  for (const auto& inputs : cases) {
    CAPTURE(inputs.front());
    std::vector<std::string> args{"--format", "gitlab", "--now", kTestNow, "--output", (dir.path / "gl.json").string()};
    args.insert(args.end(), inputs.begin(), inputs.end());
    run_cli(args, "", source_path(""));
    const CommandResult validation = run_node("tests/gitlab-schema/validate.js", {(dir.path / "gl.json").string()});
    INFO(validation.out);
    CHECK(validation.exit_code == 0);
  }
}
