// Rule fixtures: testdata/rules/<code>-<name>/ holds sitemaps whose expected findings are written
// next to the offending line, in the style of clang's -verify:
//
//   <loc>ftp://example.com/</loc>  <!-- expect: SM203 error @:8 -->
//
// "@:C" is the comment's own line, "@-1:C" / "@+1:C" are relative lines, "@12:C" is absolute.
// Several expectations in one comment are separated by ';'. A file that expects nothing says
// "<!-- expect: none -->". Inputs that must stay byte-exact (encodings, gzip, no room for a
// comment) use a sidecar "<file>.expected" with one "CODE severity LINE:COL" per line, or "none".
// "<!-- base-url: URL -->" lints the fixture as if served from URL (--base-url).
// The comparison is exact: a missing and an unexpected finding both fail.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "analysis/line_index.h"
#include "registry.h"
#include "load/source.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

struct Expectations {
  std::vector<std::string> findings;  // "SM201 error 3:5"
  bool declared = false;              // the file states what it expects, possibly "none"
  std::string problem;                // a malformed expectation
};

Expectations inline_expectations(const std::string& text) {
  Expectations result;
  const LineIndex index(text);
  static const std::regex kComment(R"(<!--\s*expect:\s*([^>]*?)\s*-->)");
  static const std::regex kItem(R"(^\s*([A-Z]+\d+)\s+(error|warning|info)\s+@([+-]?\d*):(\d+)\s*$)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kComment); it != std::sregex_iterator(); ++it) {
    result.declared = true;
    const std::size_t line = index.position(static_cast<std::size_t>(it->position(0))).line;
    std::string body = (*it)[1];
    if (body == "none") continue;
    std::size_t start = 0;
    while (start <= body.size()) {
      const std::size_t semi = std::min(body.find(';', start), body.size());
      const std::string item = body.substr(start, semi - start);
      std::smatch m;
      if (!std::regex_match(item, m, kItem)) {
        result.problem = "malformed expectation '" + item + "' on line " + std::to_string(line);
        return result;
      }
      const std::string spec = m[3];
      long target = static_cast<long>(line);
      if (!spec.empty() && (spec[0] == '+' || spec[0] == '-')) target += std::stol(spec);
      else if (!spec.empty()) target = std::stol(spec);
      result.findings.push_back(std::string(m[1]) + " " + std::string(m[2]) + " " +
                                std::to_string(target) + ":" + std::string(m[4]));
      start = semi + 1;
    }
  }
  return result;
}

Expectations sidecar_expectations(const std::string& path) {
  Expectations result;
  result.declared = true;
  std::istringstream lines(read_file(path));
  static const std::regex kLine(R"(^([A-Z]+\d+) (error|warning|info) (\d+):(\d+)$)");
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line == "none" || line[0] == '#') continue;
    if (!std::regex_match(line, kLine)) {
      result.problem = "malformed sidecar line '" + line + "'";
      return result;
    }
    result.findings.push_back(line);
  }
  return result;
}

std::vector<std::string> with_messages(const FileReport& report) {
  std::vector<std::string> out = summarize(report);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] += "  (" + report.diagnostics[i].message + ")";
  return out;
}

// "<!-- base-url: https://example.com/blog/sitemap.xml -->" lints the fixture as if served there.
Settings fixture_settings(const std::string& text) {
  Settings settings = test_settings();
  static const std::regex kBaseUrl(R"(<!--\s*base-url:\s*(\S+)\s*-->)");
  std::smatch m;
  if (std::regex_search(text, m, kBaseUrl)) {
    std::string error;
    settings.location = parse_sitemap_location(m[1].str(), &error);
    REQUIRE_MESSAGE(settings.location, error);
  }
  return settings;
}

// A fixture with a "<file>.http" sidecar is linted as if fetched: its lines "status: 404" and
// "content-type: text/html" stand for the response, so the HTTP rules are tested without a server
// (the end-to-end tests in cli_http_test.cpp do use one).
FileReport lint_fixture(const fs::path& path, const Settings& settings) {
  fs::path http = path;
  http += ".http";
  if (!fs::exists(http)) return lint_path(path.string(), settings);
  Input input = input_from_bytes(path.string(), read_file(path.string()));
  std::istringstream lines(read_file(http.string()));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with("status: ")) input.http_status = std::stol(line.substr(8));
    if (line.starts_with("content-type: ")) input.content_type = line.substr(14);
  }
  return lint_input(std::move(input), every_rule(), settings);
}

struct FixtureFile {
  fs::path path;
  fs::path sidecar;
};

std::vector<FixtureFile> fixture_files(const fs::path& dir) {
  std::vector<FixtureFile> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const fs::path p = entry.path();
    if (p.extension() == ".expected" || p.extension() == ".http") continue;
    fs::path sidecar = p;
    sidecar += ".expected";
    files.push_back({p, fs::exists(sidecar) ? sidecar : fs::path()});
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return files;
}

}  // namespace

TEST_CASE("every rule fixture produces exactly its expected findings") {
  const fs::path root = source_path("testdata/rules");
  std::size_t files_checked = 0;
  for (const auto& dir : fs::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    const std::string dir_name = dir.path().filename().string();
    const std::string code = dir_name.substr(0, dir_name.find('-'));
    bool fires = false, stays_quiet = false;
    for (const FixtureFile& file : fixture_files(dir.path())) {
      CAPTURE(file.path.string());
      const std::string text = read_file(file.path.string());
      const Expectations expected = file.sidecar.empty() ? inline_expectations(text)
                                                         : sidecar_expectations(file.sidecar.string());
      REQUIRE_MESSAGE(expected.problem.empty(), expected.problem);
      REQUIRE_MESSAGE(expected.declared, "the fixture states no expectation; add <!-- expect: none --> if it expects none");
      const FileReport report = lint_fixture(file.path, fixture_settings(text));
      std::vector<std::string> want = expected.findings;
      std::vector<std::string> got = summarize(report);
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
      if (want != got) {
        std::string detail = "expected:\n";
        for (const auto& w : want) detail += "  " + w + "\n";
        detail += "actual:\n";
        for (const auto& g : with_messages(report)) detail += "  " + g + "\n";
        FAIL_CHECK(detail);
      }
      const bool this_fires = std::any_of(got.begin(), got.end(), [&](const std::string& g) { return g.starts_with(code + " "); });
      fires |= this_fires;
      stays_quiet |= !this_fires;
      ++files_checked;
    }
    CHECK_MESSAGE(fires, dir_name << " has no fixture on which its rule fires");
    CHECK_MESSAGE(stays_quiet, dir_name << " has no fixture on which its rule stays quiet");
  }
  CHECK(files_checked > 0);
}

TEST_CASE("every rule has a fixture directory named after its code and name") {
  std::set<std::string> dirs;
  for (const auto& dir : fs::directory_iterator(source_path("testdata/rules"))) {
    dirs.insert(dir.path().filename().string());
  }
  for (const RuleInfo* rule : all_rules()) {
    const std::string expected = std::string(rule->code) + "-" + std::string(rule->name);
    // A check across a set of files (tests/site_test.cpp) may have fixtures.
    Subscriptions subscriptions;
    rule->make(test_settings())->subscribe(subscriptions);
    if (subscriptions.set_) {
      dirs.erase(expected);
      continue;
    }
    CHECK_MESSAGE(dirs.count(expected) == 1, "missing testdata/rules/" << expected);
    dirs.erase(expected);
  }
  CHECK_MESSAGE(dirs.empty(), "fixture directories without a rule: " << (dirs.empty() ? "" : *dirs.begin()));
}
