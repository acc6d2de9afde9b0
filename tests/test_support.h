// Helpers shared by the test files: paths into the source tree, linting in memory, and running the
// built binary.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "load/fetch.h"
#include "pages/host_rules.h"
#include "rule.h"
#include "run/lint.h"

namespace sitemaplint::testing {

// The fixed "now" every test uses, so lastmod-in-future never depends on the calendar.
inline constexpr const char* kTestNow = "2025-01-01T00:00:00Z";

// The report format tests' input: an error (raw '&') and a warning (lastmod before loc).
inline constexpr const char* kErrorAndWarning =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
    "  <url><lastmod>2024-05-01</lastmod><loc>https://example.com/x</loc></url>\n"
    "</urlset>\n";

// A sitemap without a finding.
inline constexpr const char* kCleanSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset "
    "xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/</loc></url></urlset>\n";

std::string source_path(const std::string& relative);
std::string read_file(const std::string& path);

Settings test_settings();
// test_settings() with the overview the HTML report shows gathered (EngineOptions::collect_overview).
Settings overview_settings();
RuleSelection every_rule();

// Lints the file at `path` (through the loader, so gzip works) with every rule and the test time.
FileReport lint_path(const std::string& path, const Settings& settings = test_settings());

// Lints `text` with every rule at default severity and the fixed test time.
FileReport lint_text(const std::string& text, const Settings& settings = test_settings());
FileReport lint_text(const std::string& text, const std::string& path);

// "SM201 error 3:5" for each finding, in report order.
std::vector<std::string> summarize(const FileReport& report);

// A urlset of 3 MiB with findings of many rules in every part of it: duplicates, bad dates and
// priorities, images, hreflang links, escaping, unknown elements, suppressions; comments,
// instructions and CDATA sections that hold "</url>" as text.
std::string large_sitemap_with_findings();

// Every finding whole, in report order: rule, severity, place, message, fix, related place, the URL
// it is keyed on. What two ways of linting one file must agree on to the byte.
std::vector<std::string> findings_in_full(const std::vector<Diagnostic>& findings);

// The messages of the findings `rules` make in one walk of `doc`, in the order they made them:
// each rule subscribes and is dispatched to as the engine does, on_document first, without the
// engine's sorting or the registry's rules.
std::vector<std::string> walk_messages(Document& doc, std::vector<std::unique_ptr<Rule>> rules);
// The same for the document `xml` (which must parse).
std::vector<std::string> walk_messages(const std::string& xml, std::vector<std::unique_ptr<Rule>> rules);

// Every rule fixture file under testdata/rules (without the .expected and .http sidecars), sorted.
std::vector<std::filesystem::path> rule_fixture_files();
// A fixture as the fixture tests lint it: with a "<file>.http" sidecar, as if fetched (its lines
// "status: 404" and "content-type: text/html" stand for the response, and "hop: 301 URL" lines
// for the requests of a redirect chain, the last the one that served it); in a ROBOTS folder, a
// *robots.txt file as a robots.txt.
Input load_fixture(const std::filesystem::path& path);
// The test settings for the fixture at `path` whose text is `text`: --base-url from a
// "<!-- base-url: URL -->" comment, and the robots.txt a "<!-- robots: robots.txt -->" comment
// names beside it.
Settings fixture_settings(const std::filesystem::path& path, const std::string& text);

// Fetch options with short limits: a test that goes wrong fails in seconds instead of hanging.
FetchOptions quick_fetch();

// `data` gzip-compressed, as gzip(1) would write it.
std::string gzip_for_test(std::string_view data);
// A sitemap (with its XML declaration) that lists `locs`, one <url> a line from line 3.
std::string urlset(const std::vector<std::string>& locs);

// A fresh directory under /tmp, removed with everything in it when the object goes.
struct TempDir {
  std::filesystem::path path;
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // Writes `text` to `name` (which may contain folders, created on the way); returns its path.
  std::string write(const std::string& name, const std::string& text) const;
};

// Skips the running test case for `reason` (then return from it). ctest runs each test case in a
// process of its own, with SITEMAPLINT_SKIP_RETURN_CODE set to the code it registered as the
// tests' SKIP_RETURN_CODE: the process prints the reason and exits with that code, and ctest
// reports the test as skipped, not passed. Run directly, the test case logs "SKIPPED: reason".
// With SITEMAPLINT_REQUIRE_ALL_TESTS=1 (CI sets it) a skip fails the test instead.
void skip_test(const std::string& reason);
// The reasons of the test cases skip_test() skipped in this process (run outside ctest).
const std::vector<std::string>& skipped_tests();

// Why the Node program in `folder` (under the source tree) cannot run, for skip_test: node is not
// installed, or its exact npm packages are not (the build's node_test_tools target installs them;
// tests never do). Empty when it can run.
std::string node_tool_missing(const std::string& folder, const std::string& a_package);

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// `word` quoted for sh: inert whatever characters it holds.
std::string shell_quote(const std::string& word);

// Whether `program` is found on PATH (for tests that drive an outside tool, and skip without it).
bool have_program(const std::string& program);

// Runs `command` with sh; standard output and standard error together in .out.
CommandResult run_command(const std::string& command);

// Runs `node SCRIPT ARGS...` (SCRIPT relative to the source tree); standard output and standard
// error together in .out.
CommandResult run_node(const std::string& script, const std::vector<std::string>& args);

// Runs the built sitemaplint with `args` (shell-quoted here), feeding `stdin_text`, in the
// directory `cwd` when one is given.
CommandResult run_cli(const std::vector<std::string>& args, const std::string& stdin_text = "",
                      const std::string& cwd = "");

// The files of a build, held in memory, for the hosts' answers (pages/host_rules.h): a folder is
// any prefix of a file's path.
class SiteFilesInMemory final : public SiteFiles {
 public:
  explicit SiteFilesInMemory(std::set<std::string> files) : files_(std::move(files)) {}
  bool is_file(std::string_view relative) const override { return files_.count(std::string(relative)) == 1; }
  bool is_folder(std::string_view relative) const override {
    const std::string prefix = std::string(relative) + "/";
    for (const std::string& f : files_) {
      if (f.starts_with(prefix)) return true;
    }
    return false;
  }

 private:
  std::set<std::string> files_;
};

}  // namespace sitemaplint::testing

// A failed CHECK on two lists of strings prints both lists.
namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& items) {
    std::string out = "{";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", \"" : "\"") + items[i] + "\"";
    return String((out + "}").c_str());
  }
};
}  // namespace doctest
