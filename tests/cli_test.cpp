// The built binary end to end: exit codes, streams, options.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <fstream>

#include "test_support.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

const std::string kClean =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/</loc></url>\n"
    "</urlset>\n";

// One warning (child out of order), no error.
const std::string kWarning =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><lastmod>2024-01-01</lastmod><loc>https://example.com/</loc></url>\n"
    "</urlset>\n";

// One error (raw ampersand).
const std::string kError =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
    "</urlset>\n";

}  // namespace

TEST_CASE("cli: exit 0 on a clean file, 1 on an error, 0 on warnings only") {
  TempDir dir;
  const auto clean = run_cli({"--now", kTestNow, dir.write("clean.xml", kClean)});
  CHECK(clean.exit_code == 0);
  CHECK(clean.out == "No problems found in 1 file.\n");
  CHECK(clean.err.empty());
  const auto error = run_cli({dir.write("error.xml", kError)});
  CHECK(error.exit_code == 1);
  CHECK(error.out.find("error.xml:3:37: error[SM301 unescaped-ampersand]") != std::string::npos);
  const auto warning = run_cli({dir.write("warning.xml", kWarning)});
  CHECK(warning.exit_code == 0);
  CHECK(warning.out.find("warning[SM106 child-out-of-order]") != std::string::npos);
}

TEST_CASE("cli: --max-warnings turns too many warnings into exit 1") {
  TempDir dir;
  const std::string path = dir.write("warning.xml", kWarning);
  CHECK(run_cli({"--max-warnings", "0", path}).exit_code == 1);
  CHECK(run_cli({"--max-warnings", "1", path}).exit_code == 0);
  CHECK(run_cli({"--max-warnings", "-3", path}).exit_code == 2);
}

TEST_CASE("cli: --select, --ignore and --severity by code or name") {
  TempDir dir;
  const std::string path = dir.write("error.xml", kError);
  CHECK(run_cli({"--ignore", "unescaped-ampersand", path}).exit_code == 0);
  CHECK(run_cli({"--ignore", "SM301", path}).exit_code == 0);
  CHECK(run_cli({"--select", "SM106,SM103", path}).exit_code == 0);
  const auto downgraded = run_cli({"--severity", "SM301=warning", path});
  CHECK(downgraded.exit_code == 0);
  CHECK(downgraded.out.find("warning[SM301 unescaped-ampersand]") != std::string::npos);
  CHECK(run_cli({"--severity", "unescaped-ampersand=info", "--max-warnings", "0", path}).exit_code == 0);
}

TEST_CASE("cli: an unknown rule is a usage error with a suggestion") {
  TempDir dir;
  const std::string path = dir.write("clean.xml", kClean);
  const auto result = run_cli({"--ignore", "unescaped-ampresand", path});
  CHECK(result.exit_code == 2);
  CHECK(result.out.empty());
  CHECK(result.err.find("unknown rule 'unescaped-ampresand'; did you mean 'unescaped-ampersand'?") !=
        std::string::npos);
  CHECK(run_cli({"--severity", "SM301=fatal", path}).exit_code == 2);
  CHECK(run_cli({"--severity", "SM301", path}).exit_code == 2);
  CHECK(run_cli({"--explain", "xml-syntx"}).err ==
        "sitemaplint: error: --explain: unknown rule 'xml-syntx'; did you mean 'xml-syntax'? (sitemaplint --list-rules "
        "shows them all)\n");
  CHECK(result.err.find("(sitemaplint --list-rules shows them all)") != std::string::npos);
}

TEST_CASE("cli: --explain takes a family or a code prefix and lists its rules") {
  const auto family = run_cli({"--explain", "lastmod"});
  CHECK(family.exit_code == 0);
  CHECK(family.out.starts_with("CODE "));
  CHECK(family.out.find("\nSM401 ") != std::string::npos);
  CHECK(family.out.find("lastmod-invalid") != std::string::npos);
  CHECK(family.out.find("changefreq") == std::string::npos);  // another family's rules are not listed
  CHECK(family.out.ends_with("\nsitemaplint --explain SM401 explains one of them.\n"));
  const auto prefix = run_cli({"--explain", "SM4"});
  CHECK(prefix.out == family.out);
}

TEST_CASE("cli: missing paths, directories and bad options exit 2 with one line on stderr") {
  TempDir dir;
  const auto missing = run_cli({(dir.path / "nope.xml").string()});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "sitemaplint: error: " + (dir.path / "nope.xml").string() + ": No such file or directory\n");
  const auto directory = run_cli({dir.path.string()});
  CHECK(directory.exit_code == 2);
  CHECK(directory.err == "sitemaplint: error: " + dir.path.string() +
                             ": no sitemap files in this directory (names containing 'sitemap' and ending in "
                             ".xml, .txt or .gz)\n");
  const std::string clean = dir.write("a.xml", kClean);
  for (const auto& args : std::vector<std::vector<std::string>>{{},
                                                                {"--format", "xml", clean},
                                                                {"--no-such-flag"},
                                                                {"--now", "yesterday", clean},
                                                                {"--select", "nope", clean}}) {
    const auto usage = run_cli(args);
    CHECK(usage.exit_code == 2);
    CHECK(usage.out.empty());
    CHECK(usage.err.starts_with("sitemaplint: error: "));
    CHECK(std::count(usage.err.begin(), usage.err.end(), '\n') == 1);  // one line
  }
}

TEST_CASE("cli: messages on stderr show names and values from input printable, one line each") {
  // ESC, the one-byte CSI (U+009B), DEL, a line break and a byte that is no UTF-8.
  const std::string odd =
      "bad\x1b[31m\xC2\x9B"
      "2J\x7F\nname\xFF";
  const std::string shown = "bad?[31m?2J??name?";
  TempDir dir;
  const std::string cwd = dir.path.string();
  const auto missing = run_cli({"--quiet", odd + ".xml"}, "", cwd);
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "sitemaplint: error: " + shown + ".xml: No such file or directory\n");
  const std::string sitemap = dir.write("sitemap.xml", kError);
  const auto baseline = run_cli({"--write-baseline", odd + ".json", "sitemap.xml"}, "", cwd);
  CHECK(baseline.exit_code == 0);
  CHECK(baseline.err == "sitemaplint: wrote 1 finding to " + shown + ".json\n");
  const auto usage = run_cli({"--format", odd, "sitemap.xml"}, "", cwd);
  CHECK(usage.exit_code == 2);
  CHECK(usage.err.find('\x1b') == std::string::npos);
  CHECK(usage.err.find("\xC2\x9B") == std::string::npos);
  CHECK(std::count(usage.err.begin(), usage.err.end(), '\n') == 1);
  const std::string readonly = dir.write(odd + "-sitemap.xml", kError);
  std::filesystem::permissions(readonly, std::filesystem::perms::owner_read);
  const auto fix = run_cli({"--fix", "--quiet", odd + "-sitemap.xml"}, "", cwd);
  CHECK(fix.err == "sitemaplint: " + shown + "-sitemap.xml: read-only (no write permission); not fixed\n");
}

TEST_CASE("cli: a missing file among good ones still reports the good ones, then exits 2") {
  TempDir dir;
  const auto result = run_cli({dir.write("error.xml", kError), (dir.path / "nope.xml").string()});
  CHECK(result.exit_code == 2);
  CHECK(result.out.find("SM301") != std::string::npos);
  // JSON readers see the unreadable input too, not only a clean-looking report.
  const auto json_run = run_cli({"--format", "json", (dir.path / "nope.xml").string()});
  CHECK(json_run.exit_code == 2);
  const auto json = nlohmann::json::parse(json_run.out);
  CHECK(json["files"].empty());
  REQUIRE(json["input_errors"].size() == 1);
  CHECK(json["input_errors"][0]["path"] == (dir.path / "nope.xml").string());
  CHECK(json["input_errors"][0]["message"] == (dir.path / "nope.xml").string() + ": No such file or directory");
  CHECK(json["summary"]["input_errors"] == 1);
}

TEST_CASE("cli: '-' reads standard input") {
  const auto result = run_cli({"-"}, kError);
  CHECK(result.exit_code == 1);
  CHECK(result.out.find("-:3:37: error[SM301") != std::string::npos);
}

TEST_CASE("cli: --format json is valid JSON with one entry per file, in argument order") {
  TempDir dir;
  const auto result = run_cli({"--format", "json", dir.write("b.xml", kError), dir.write("a.xml", kClean)});
  CHECK(result.exit_code == 1);
  const auto json = nlohmann::json::parse(result.out);
  REQUIRE(json["files"].size() == 2);
  CHECK(json["files"][0]["path"].get<std::string>().ends_with("b.xml"));
  CHECK(json["files"][0]["diagnostics"][0]["code"] == "SM301");
  CHECK(json["files"][1]["diagnostics"].empty());
  CHECK(json["summary"]["files"] == 2);
}

TEST_CASE("cli: --output writes the report to a file") {
  TempDir dir;
  const std::string report = (dir.path / "report.json").string();
  const auto result = run_cli({"--format", "json", "--output", report, dir.write("e.xml", kError)});
  CHECK(result.exit_code == 1);
  CHECK(result.out.empty());
  CHECK(nlohmann::json::parse(read_file(report))["summary"]["errors"] == 1);
  CHECK(run_cli({"--output", "/nonexistent-dir/r.txt", dir.write("c.xml", kClean)}).exit_code == 2);
}

TEST_CASE("cli: colour only when asked or on a terminal, never with NO_COLOR") {
  TempDir dir;
  const std::string path = dir.write("e.xml", kError);
  CHECK(run_cli({path}).out.find('\033') == std::string::npos);  // stdout is a file here
  CHECK(run_cli({"--color", "always", path}).out.find('\033') != std::string::npos);
  CHECK(run_cli({"--color", "never", path}).out.find('\033') == std::string::npos);
}

TEST_CASE("cli: --list-rules and --explain") {
  const auto text = run_cli({"--list-rules"});
  CHECK(text.exit_code == 0);
  // Each column is as wide as its longest entry: the longest code and name stay apart from the next.
  CHECK(std::regex_search(text.out, std::regex("\nSM301 +unescaped-ampersand +error +")));
  CHECK(std::regex_search(text.out, std::regex("\nROBOTS101  robots-syntax +error")));
  CHECK(std::regex_search(text.out, std::regex("\nVID205 +video-content-loc-format-unsupported  warning  ")));
  const auto json = nlohmann::json::parse(run_cli({"--list-rules", "json"}).out);
  CHECK(json.size() >= 29);
  CHECK(json[0]["code"] == "SM001");
  const auto explain = run_cli({"--explain", "SM301"});
  CHECK(explain.exit_code == 0);
  CHECK(explain.out.find("# SM301 unescaped-ampersand (error)") == 0);
  CHECK(explain.out.find("## Use instead") != std::string::npos);
}

TEST_CASE("cli: --version and --help exit 0") {
  const auto version = run_cli({"--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out.find(SITEMAPLINT_VERSION) != std::string::npos);
  const auto help = run_cli({"--help"});
  CHECK(help.exit_code == 0);
  CHECK(help.out.find("--max-warnings") != std::string::npos);
}

TEST_CASE("cli: the input file is never modified") {
  TempDir dir;
  const std::string path = dir.write("e.xml", kError);
  run_cli({"--format", "json", path});
  CHECK(read_file(path) == kError);
}

TEST_CASE("cli: README's quick-start output is what the example sitemap really produces") {
  const std::string readme = read_file(source_path("README.md"));
  const std::string command = "build/sitemaplint testdata/example/sitemap.xml\n```";
  REQUIRE(readme.find(command) != std::string::npos);
  const auto start = readme.find("```text\n", readme.find("The first command prints:"));
  REQUIRE(start != std::string::npos);
  const auto body = start + 8;
  const std::string documented = readme.substr(body, readme.find("```", body) - body);
  const auto result = run_cli({"testdata/example/sitemap.xml"}, "", source_path(""));
  CHECK(result.exit_code == 0);
  CHECK(result.out == documented);
}

TEST_CASE("cli: a directory is searched for sitemap files, linted in parallel, reported in path order") {
  TempDir dir;
  fs::create_directories(dir.path / "public" / "news");
  dir.write("public/sitemap.xml", kClean);
  dir.write("public/news/sitemap-news.xml", kError);
  dir.write("public/post-sitemap.xml", kWarning);
  dir.write("public/feed.xml", kError);  // not sitemap-looking: skipped
  dir.write("public/robots.txt", "User-agent: *\n");  // skipped
  const std::string root = (dir.path / "public").string();
  const auto one = run_cli({"--format", "json", "--jobs", "1", root});
  const auto many = run_cli({"--format", "json", "--jobs", "4", root});
  CHECK(one.exit_code == 1);
  CHECK(one.out == many.out);  // the same report whatever the thread timing
  const auto json = nlohmann::json::parse(one.out);
  REQUIRE(json["files"].size() == 3);
  CHECK(json["files"][0]["path"] == root + "/news/sitemap-news.xml");
  CHECK(json["files"][1]["path"] == root + "/post-sitemap.xml");
  CHECK(json["files"][2]["path"] == root + "/sitemap.xml");
  CHECK(json["files"][0]["diagnostics"][0]["code"] == "SM301");
  CHECK(json["files"][1]["diagnostics"][0]["code"] == "SM106");
  CHECK(run_cli({"--jobs", "0", root}).exit_code == 2);
}

TEST_CASE("cli: --base-url checks every <loc> against the sitemap's location") {
  TempDir dir;
  const std::string path = dir.write("sitemap.xml", kClean);  // lists https://example.com/
  CHECK(run_cli({"--base-url", "https://example.com/sitemap.xml", path}).exit_code == 0);
  const auto other = run_cli({"--base-url", "https://www.example.com/sitemap.xml", path});
  CHECK(other.exit_code == 1);
  CHECK(other.out.find("error[SM213 loc-out-of-scope]: 'https://example.com/' is on host 'example.com', "
                       "but the sitemap is on 'www.example.com': www and the bare domain are different hosts") !=
        std::string::npos);
  const auto bad = run_cli({"--base-url", "example.com/sitemap.xml", path});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--base-url: 'example.com/sitemap.xml' is not an absolute http(s) URL") != std::string::npos);
}

TEST_CASE("cli: --output refuses to overwrite an input") {
  TempDir dir;
  const std::string path = dir.write("sitemap.xml", kError);
  const auto result = run_cli({"-o", path, path});
  CHECK(result.exit_code == 2);
  CHECK(result.err.find("is one of the inputs; refusing to overwrite it") != std::string::npos);
  CHECK(read_file(path) == kError);
}

TEST_CASE("cli: --max-warnings says why it failed") {
  TempDir dir;
  const auto result = run_cli({"-q", "--max-warnings", "0", dir.write("w.xml", kWarning)});
  CHECK(result.exit_code == 1);
  CHECK(result.err == "sitemaplint: 1 warning exceeds --max-warnings 0\n");
}

TEST_CASE("cli: every option --help lists is documented in docs/usage.md") {
  const std::string usage = read_file(source_path("docs/usage.md"));
  const auto help = run_cli({"--help"});
  REQUIRE(help.exit_code == 0);
  const std::regex option(R"(--[a-z][a-z-]+)");
  std::size_t checked = 0;
  for (auto it = std::sregex_iterator(help.out.begin(), help.out.end(), option); it != std::sregex_iterator(); ++it) {
    const std::string name = it->str();
    // The whole option, not a prefix of a longer one (--base-url is not --base).
    const std::regex whole(name + "(?![a-z-])");
    CHECK_MESSAGE(std::regex_search(usage, whole), name << " is not in docs/usage.md");
    ++checked;
  }
  CHECK(checked > 20);
}

TEST_CASE("cli: README's --pages example is what the example build really produces") {
  const std::string readme = read_file(source_path("README.md"));
  const std::string run_line =
      "build/sitemaplint --select PAGE --format gcc --pages --root testdata/example/public "
      "--base-url https://example.com/sitemap.xml testdata/example/public/sitemap.xml\n";
  REQUIRE(readme.find("```sh\n" + run_line + "```") != std::string::npos);
  const auto start = readme.find("```text\n", readme.find(run_line));
  REQUIRE(start != std::string::npos);
  const auto body = start + 8;
  const std::string documented = readme.substr(body, readme.find("```", body) - body);
  const auto result =
      run_cli({"--no-config", "--select", "PAGE", "--format", "gcc", "--pages", "--root", "testdata/example/public",
               "--base-url", "https://example.com/sitemap.xml", "testdata/example/public/sitemap.xml"},
              "", source_path(""));
  CHECK(result.exit_code == 1);
  CHECK(result.out == documented);
}

TEST_CASE("cli: a comment line in a text sitemap is one finding that says text sitemaps have none") {
  TempDir dir;
  const std::string path = dir.write("sitemap.txt", "https://example.com/a\n# Blog posts\nhttps://example.com/b\n");
  const auto result = run_cli({"--format", "gcc", path});
  CHECK(result.exit_code == 1);
  CHECK(result.out == path +
                          ":2:1: error: '# Blog posts' is no URL but a fragment or a comment (a text sitemap has no "
                          "comments: every line is a URL); list a page's absolute URL instead, or remove it "
                          "[SM202 loc-not-absolute]\n");
}
