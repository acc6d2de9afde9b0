// --force-exclude, and the pre-commit hook as pre-commit runs it: with `pre-commit try-repo` (when
// installed) on a repository of sitemaps, the hook must report what the command line reports.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "test_support.h"

using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

std::string sitemap_of(const std::vector<std::string>& urls) {
  std::string text =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  for (const std::string& url : urls) text += "  <url><loc>" + url + "</loc></url>\n";
  return text + "</urlset>\n";
}

// "path:line:col: severity[CODE name]" of each finding in a human report, sorted.
std::vector<std::string> finding_lines(const std::string& report) {
  static const std::regex finding(R"(^(\S+:\d+:\d+: (error|warning|info)\[[A-Z]+\d+ [a-z0-9-]+\]))");
  std::vector<std::string> out;
  std::istringstream lines(report);
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, finding)) out.push_back(m[1]);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A project whose sitemaps repeat URLs across files (found only when one run sees them all), with
// an error in the last one (pre-commit shows a hook's output only when it fails) and a drafts/
// folder its sitemaplint.toml excludes.
void write_project(const TempDir& dir, const std::string& folder) {
  dir.write(folder + "/sitemaplint.toml", "exclude = [\"drafts/\"]\n");
  for (int i = 0; i < 6; ++i) {
    const std::string n = std::to_string(i);
    // Each file repeats the URL of the one before it.
    std::vector<std::string> urls{"https://example.com/page-" + n,
                                  "https://example.com/page-" + std::to_string((i + 5) % 6)};
    if (i == 5) urls.push_back("https://example.com/?a=1&b=2");
    dir.write(folder + "/public/sitemap-" + n + ".xml", sitemap_of(urls));
  }
  dir.write(folder + "/drafts/sitemap.xml", sitemap_of({"https://example.com/?a=1&b=2"}));
}

}  // namespace

TEST_CASE("force-exclude: the config's exclude applies to files named on the command line") {
  TempDir dir;
  write_project(dir, "site");
  const std::string site = (dir.path / "site").string();
  const std::vector<std::string> files{"drafts/sitemap.xml", "public/sitemap-1.xml"};
  // Without it, a named file is linted even though a directory search would skip it.
  const CommandResult plain = run_cli({"--format", "gcc", files[0], files[1]}, "", site);
  CHECK(plain.out.find("drafts/sitemap.xml") != std::string::npos);
  const CommandResult forced = run_cli({"--force-exclude", "--format", "gcc", files[0], files[1]}, "", site);
  CHECK(forced.out.find("drafts/sitemap.xml") == std::string::npos);
  CHECK(forced.out.find("public/sitemap-1.xml") == std::string::npos);  // clean on its own
  CHECK(forced.exit_code == 0);
  // Every file excluded: nothing to lint is no error (pre-commit may name only excluded files).
  const CommandResult none = run_cli({"--force-exclude", files[0]}, "", site);
  CHECK(none.exit_code == 0);
  CHECK(none.out.empty());
  CHECK(none.err.empty());
  // The same as searching the directory.
  const CommandResult searched = run_cli({"--format", "gcc", "."}, "", site);
  const CommandResult named = run_cli(
      {"--force-exclude", "--format", "gcc", "drafts/sitemap.xml", "public/sitemap-0.xml", "public/sitemap-1.xml",
       "public/sitemap-2.xml", "public/sitemap-3.xml", "public/sitemap-4.xml", "public/sitemap-5.xml"},
      "", site);
  CHECK(searched.out.find("drafts/") == std::string::npos);
  CHECK(named.exit_code == searched.exit_code);
}

TEST_CASE("force-exclude: standard input is judged by --stdin-filename, and --fix gives it back unchanged") {
  TempDir dir;
  write_project(dir, "site");
  const std::string site = (dir.path / "site").string();
  const std::string draft = read_file((dir.path / "site/drafts/sitemap.xml").string());
  const CommandResult linted = run_cli({"--stdin-filename", "drafts/sitemap.xml", "-"}, draft, site);
  CHECK(linted.exit_code == 1);  // the unescaped '&'
  const CommandResult forced = run_cli({"--force-exclude", "--stdin-filename", "drafts/sitemap.xml", "-"}, draft, site);
  CHECK(forced.exit_code == 0);
  CHECK(forced.out.empty());
  const CommandResult fixed =
      run_cli({"--force-exclude", "--fix", "--stdin-filename", "drafts/sitemap.xml", "-"}, draft, site);
  CHECK(fixed.exit_code == 0);
  CHECK(fixed.out == draft);
  // A name outside the excluded folder is linted as before.
  CHECK(run_cli({"--force-exclude", "--stdin-filename", "public/new.xml", "-"}, draft, site).exit_code == 1);
}

TEST_CASE("pre-commit: the hook reports what the command line reports, across files, without excluded ones") {
  if (!have_program("pre-commit") || !have_program("git")) {
    skip_test("pre-commit is not installed (.ci/install-deps installs Debian's pre-commit)");
    return;
  }
  TempDir dir;
  const std::string root = dir.path.string();
  const std::string bin = fs::path(SITEMAPLINT_BINARY).parent_path().string();
  // Nothing of the user's: git and pre-commit see only this folder.
  const std::string env = "env HOME=" + shell_quote(root) + " XDG_CACHE_HOME=" + shell_quote(root + "/cache") +
                          " PRE_COMMIT_HOME=" + shell_quote(root + "/pre-commit") + " GIT_CONFIG_NOSYSTEM=1" +
                          " PATH=" + shell_quote(bin) + ":\"$PATH\" ";
  const std::string git = env + "git -c user.name=test -c user.email=test@example.com -c init.defaultBranch=main ";

  // try-repo clones the source repository itself, uncommitted changes included (pre-commit makes a
  // shadow commit of them). A source tree that is no Git checkout (an unpacked archive) lends its
  // hook definition to a repository of its own instead.
  std::string hooks = source_path("");
  if (run_command("git -C " + shell_quote(hooks) + " rev-parse --is-inside-work-tree").exit_code != 0) {
    hooks = root + "/hooks";
    dir.write("hooks/.pre-commit-hooks.yaml", read_file(source_path(".pre-commit-hooks.yaml")));
    const CommandResult made = run_command("cd " + shell_quote(hooks) + " && " + git + "init -q && " + git +
                                           "add . && " + git + "commit -qm hooks");
    REQUIRE_MESSAGE(made.exit_code == 0, made.out);
  }

  write_project(dir, "project");
  const std::string project = root + "/project";
  const CommandResult init = run_command("cd " + shell_quote(project) + " && " + git + "init -q && " + git +
                                         "add . && " + git + "commit -qm sitemaps");
  REQUIRE_MESSAGE(init.exit_code == 0, init.out);

  const CommandResult hook = run_command("cd " + shell_quote(project) + " && " + env + "pre-commit try-repo " +
                                         shell_quote(hooks) + " sitemaplint --all-files --color never");
  CAPTURE(hook.out);
  CHECK(hook.exit_code == 1);  // the hook failed: there are findings

  // The command line on every file the hook's `files` pattern picks, as pre-commit names them.
  const CommandResult cli =
      run_cli({"--force-exclude", "drafts/sitemap.xml", "public/sitemap-0.xml", "public/sitemap-1.xml",
               "public/sitemap-2.xml", "public/sitemap-3.xml", "public/sitemap-4.xml", "public/sitemap-5.xml"},
              "", project);
  const std::vector<std::string> expected = finding_lines(cli.out);
  // Six URLs, each listed twice across files: found only by one run over all of them.
  CHECK(std::count_if(expected.begin(), expected.end(), [](const std::string& line) {
          return line.find("duplicate-across-sitemaps") != std::string::npos;
        }) == 6);
  CHECK(std::none_of(expected.begin(), expected.end(),
                     [](const std::string& line) { return line.starts_with("drafts/"); }));
  CHECK(finding_lines(hook.out) == expected);
}
