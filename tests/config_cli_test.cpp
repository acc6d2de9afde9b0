// sitemaplint.toml end to end through the binary: discovery from the linted file, per-path
// overrides, the command line's last word, max-warnings from the file, --show-config, and broken or
// missing config files failing with exit 2 before anything is linted.
#include <doctest/doctest.h>

#include <regex>
#include <sstream>

#include "config/config_file.h"
#include "documented_block.h"
#include "test_support.h"

using namespace sitemaplint::testing;

namespace {

// SM301 (error) at 3:37, SM502 (info) at 4:52; every URL on example.com, one under /news/.
const std::string kSitemap =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    "  <url><loc>https://example.com/?a=1&b=2</loc></url>\n"
    "  <url><loc>https://example.com/x</loc><changefreq>never</changefreq></url>\n"
    "  <url><loc>https://example.com/news/y</loc></url>\n"
    "</urlset>\n";

// "sitemap.xml:3:37 error SM301" for each line of a --format gcc report.
std::vector<std::string> findings(const std::string& gcc_report) {
  static const std::regex line(R"(^(\S+:\d+:\d+): (\w+): .* \[(SM\d+) [a-z0-9-]+\]$)");
  std::vector<std::string> out;
  std::istringstream in(gcc_report);
  for (std::string text; std::getline(in, text);) {
    std::smatch m;
    if (std::regex_match(text, m, line)) out.push_back(m[1].str() + " " + m[2].str() + " " + m[3].str());
    else out.push_back("unparsed: " + text);
  }
  return out;
}

CommandResult lint_in(const TempDir& dir, std::vector<std::string> args) {
  args.insert(args.begin(), {"--format", "gcc", "--now", kTestNow});
  return run_cli(args, "", dir.path.string());
}

}  // namespace

TEST_CASE("config cli: found next to the file or above it, also when run from elsewhere, --no-config ignores it") {
  TempDir dir;
  dir.write("sitemaplint.toml", "ignore = [\"changefreq-never\"]\n");
  const std::string file = dir.write("site/public/sitemap.xml", kSitemap);
  TempDir elsewhere;
  const auto found = lint_in(elsewhere, {file});
  CHECK(found.exit_code == 1);
  CHECK(findings(found.out) == std::vector<std::string>{file + ":3:37 error SM301"});
  const auto ignored = lint_in(elsewhere, {"--no-config", file});
  CHECK(findings(ignored.out) == std::vector<std::string>{file + ":3:37 error SM301", file + ":4:52 note SM502"});
}

TEST_CASE("config cli: [[overrides]] apply per path when a directory is linted") {
  TempDir dir;
  dir.write("sitemaplint.toml", R"(ignore = ["SM803"]
[[overrides]]
files = ["news/*.xml"]
ignore = ["SM301"]
base-url = "https://example.com/news/sitemap.xml"
)");
  dir.write("sitemap.xml", kSitemap);
  dir.write("news/sitemap.xml", kSitemap);
  const auto result = lint_in(dir, {"."});
  CHECK(result.exit_code == 1);
  CHECK(findings(result.out) == std::vector<std::string>{
                                    "./news/sitemap.xml:3:13 error SM213",  // outside /news/: the override's base-url
                                    "./news/sitemap.xml:4:13 error SM213",
                                    "./news/sitemap.xml:4:52 note SM502",
                                    "./sitemap.xml:3:37 error SM301",
                                    "./sitemap.xml:4:52 note SM502",
                                });
}

TEST_CASE("config cli: flags override the file: --severity, --select, --base-url, --max-warnings") {
  TempDir dir;
  dir.write("sitemaplint.toml",
            "max-warnings = 0\nbase-url = \"https://example.com/news/sitemap.xml\"\n"
            "[severity]\nSM301 = \"warning\"\nSM213 = \"info\"\n");
  dir.write("sitemap.xml", kSitemap);
  const auto from_file = lint_in(dir, {"sitemap.xml"});
  const std::string limit = "1 warning exceeds max-warnings = 0 in " + (dir.path / "sitemaplint.toml").string();
  CHECK(findings(from_file.out) ==
        std::vector<std::string>{"sitemap.xml:3:13 note SM213", "sitemap.xml:3:37 warning SM301",
                                 "sitemap.xml:4:13 note SM213", "sitemap.xml:4:52 note SM502",
                                 "unparsed: sitemaplint: error: " + limit + " [max-warnings]"});
  CHECK(from_file.exit_code == 1);  // one warning, and the file allows none
  CHECK(from_file.err ==
        "sitemaplint: 1 warning exceeds max-warnings = 0 in " + (dir.path / "sitemaplint.toml").string() + "\n");

  const auto allowed = lint_in(dir, {"--max-warnings", "5", "sitemap.xml"});
  CHECK(allowed.exit_code == 0);
  CHECK(allowed.err.empty());

  const auto flags =
      lint_in(dir, {"--severity", "SM301=error", "--base-url", "https://example.com/sitemap.xml", "sitemap.xml"});
  CHECK(flags.exit_code == 1);
  CHECK(findings(flags.out) == std::vector<std::string>{"sitemap.xml:3:37 error SM301", "sitemap.xml:4:52 note SM502"});

  const auto selected = lint_in(dir, {"--select", "SM502", "sitemap.xml"});
  CHECK(selected.exit_code == 0);
  CHECK(findings(selected.out) == std::vector<std::string>{"sitemap.xml:4:52 note SM502"});
}

TEST_CASE("config cli: --config names the file for every input, --fix and --diff obey it") {
  TempDir dir;
  TempDir settings;
  const std::string config = settings.write("strict.toml", "ignore = [\"SM301\"]\n");
  dir.write("sitemap.xml", kSitemap);
  const auto given = lint_in(dir, {"--config", config, "sitemap.xml"});
  CHECK(given.exit_code == 0);
  CHECK(findings(given.out) == std::vector<std::string>{"sitemap.xml:4:52 note SM502"});
  // The ampersand fix belongs to SM301, which the config turns off: nothing to change.
  const auto diff = lint_in(dir, {"--config", config, "--diff", "sitemap.xml"});
  CHECK(diff.exit_code == 0);
  CHECK(diff.out.empty());
  const auto unconfigured = lint_in(dir, {"--diff", "sitemap.xml"});
  CHECK(unconfigured.exit_code == 1);
  CHECK(unconfigured.out.find("+  <url><loc>https://example.com/?a=1&amp;b=2</loc></url>") != std::string::npos);
}

TEST_CASE("config cli: a broken, missing or unreadable config fails with exit 2 and its position, linting nothing") {
  TempDir dir;
  dir.write("sitemap.xml", kSitemap);
  dir.write("sitemaplint.toml", "[severity]\nSM301 = \"fatal\"\n");
  const auto broken = lint_in(dir, {"sitemap.xml"});
  CHECK(broken.exit_code == 2);
  CHECK(broken.out.empty());
  CHECK(broken.err == "sitemaplint: error: " + (dir.path / "sitemaplint.toml").string() +
                          ":2:9: 'severity.SM301': unknown level 'fatal' (use error, warning or info)\n");
  const auto missing = lint_in(dir, {"--config", "nope.toml", "sitemap.xml"});
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "sitemaplint: error: nope.toml: cannot read the config file: no such file\n");
  const auto both = lint_in(dir, {"--config", "nope.toml", "--no-config", "sitemap.xml"});
  CHECK(both.exit_code == 2);
  CHECK(both.err.find("--config excludes --no-config") != std::string::npos);
}

TEST_CASE("config cli: a config's root and robots stay in its directory, and the command line's are trusted") {
  TempDir dir;
  dir.write("sitemap.xml", kSitemap);
  const std::string config = dir.write("sitemaplint.toml", "robots = \"/proc/self/environ\"\n");
  const std::string secret = "SECRET-3c9d1e";
  const auto lint_with_secret = [&](const std::string& args) {
    return run_command("cd " + shell_quote(dir.path.string()) + " && env SITEMAPLINT_TEST_TOKEN=" + secret + " " +
                       shell_quote(SITEMAPLINT_BINARY) + " --format gcc --now " + kTestNow + " " + args);
  };
  const auto refused = lint_with_secret("sitemap.xml");
  CHECK(refused.exit_code == 2);
  CHECK(refused.out == "sitemaplint: error: " + config +
                           ":1:10: 'robots' must name a path inside the config file's "
                           "directory (" +
                           dir.path.string() +
                           "), not an absolute path outside it: "
                           "'/proc/self/environ'; give --robots on the command line for a path elsewhere\n");
  // --show-config refuses it too, before printing anything.
  CHECK(lint_with_secret("--show-config sitemap.xml").out == refused.out);
  // A symbolic link inside that leads out is refused the same way; so is '..' and an absolute root.
  TempDir elsewhere;
  const std::string outside = elsewhere.write("robots.txt", "User-agent: *\nDisallow: /private/\n");
  std::filesystem::create_symlink(outside, dir.path / "robots.txt");
  dir.write("sitemaplint.toml", "robots = \"robots.txt\"\n");
  const auto linked = lint_with_secret("sitemap.xml");
  CHECK(linked.exit_code == 2);
  CHECK(linked.out.starts_with("sitemaplint: error: " + config +
                               ":1:10: 'robots' must name a path inside the config "
                               "file's directory (" +
                               dir.path.string() +
                               "), not a path that a symbolic link takes "
                               "out of it: 'robots.txt'"));
  dir.write("sitemaplint.toml", "root = \"../\"\n");
  const auto up = lint_with_secret("sitemap.xml");
  CHECK(up.exit_code == 2);
  CHECK(up.out.starts_with("sitemaplint: error: " + config +
                           ":1:8: 'root' must name a path inside the config file's "
                           "directory (" +
                           dir.path.string() + "), not a path that leads out of it ('..'): '../'"));
  // The command line wins and is trusted: the config's value is then neither used nor an error.
  const auto given = lint_with_secret("--root " + shell_quote(elsewhere.path.string()) + " sitemap.xml");
  CHECK(given.exit_code == 1);  // SM301
  CHECK(given.out.find("sitemaplint: error") == std::string::npos);
  dir.write("sitemaplint.toml", "robots = \"robots.txt\"\n");
  const auto robots = lint_with_secret("--robots " + shell_quote(outside) + " sitemap.xml");
  CHECK(robots.out.find("must name a path inside") == std::string::npos);
  for (const auto* result : {&refused, &linked, &up, &given, &robots})
    CHECK(result->out.find(secret) == std::string::npos);
}

TEST_CASE("config cli: a config's robots.txt is named relative to the current directory, as annotations need") {
  TempDir dir;
  dir.write("site/public/robots.txt", "User-agent: *\nDisalow: /x\n");
  dir.write("site/public/sitemap.xml", kSitemap);
  dir.write("site/sitemaplint.toml", "robots = \"public/robots.txt\"\n");
  // GitHub attaches an annotation only to a path relative to the workspace, where the run starts.
  const auto github =
      run_cli({"--format", "github", "--select", "ROBOTS102", "site/public/sitemap.xml"}, "", dir.path.string());
  CHECK(github.out.starts_with("::warning file=site/public/robots.txt,line=2,col=1,"));
  const auto inside =
      run_cli({"--format", "gcc", "--select", "ROBOTS102", "public/sitemap.xml"}, "", (dir.path / "site").string());
  CHECK(inside.out.starts_with("public/robots.txt:2:1: warning:"));
  // From outside the config's tree, the path stays whole.
  TempDir elsewhere;
  const auto outside =
      run_cli({"--format", "gcc", "--select", "ROBOTS102", (dir.path / "site/public/sitemap.xml").string()}, "",
              elsewhere.path.string());
  CHECK(outside.out.starts_with((dir.path / "site/public/robots.txt").string() + ":2:1: warning:"));
}

TEST_CASE("config cli: a config nested 40,000 levels deep is an error with its position, not a crash") {
  TempDir dir;
  dir.write("sitemap.xml", kSitemap);
  std::string key;
  for (int i = 0; i < 40'000; ++i) key += "a.";
  const std::string config = dir.write("sitemaplint.toml", "# deep\n" + key + "a = 1\n");
  const auto dotted = lint_in(dir, {"sitemap.xml"});
  CHECK(dotted.exit_code == 2);
  CHECK(dotted.err == "sitemaplint: error: " + config +
                          ":2:1: tables and arrays are nested more than 64 levels deep "
                          "here (dotted keys, table headers, arrays and inline tables each count)\n");
  dir.write("sitemaplint.toml", "[" + key + "a]\n");
  const auto header = lint_in(dir, {"sitemap.xml"});
  CHECK(header.exit_code == 2);
  CHECK(header.err == "sitemaplint: error: " + config +
                          ":1:1: tables and arrays are nested more than 64 levels deep "
                          "here (dotted keys, table headers, arrays and inline tables each count)\n");
}

TEST_CASE("config cli: --show-config prints each input's effective settings and exits 0") {
  TempDir dir;
  dir.write("sitemaplint.toml",
            "ignore = [\"SM106\"]\nmax-warnings = 2\n[[overrides]]\nfiles = [\"news/*.xml\"]\n"
            "[overrides.severity]\nSM502 = \"error\"\n");
  dir.write("news/sitemap.xml", kSitemap);
  const std::string config = (dir.path / "sitemaplint.toml").string();
  const auto shown = run_cli({"--show-config", "--max-warnings", "9", "news/sitemap.xml"}, "", dir.path.string());
  CHECK(shown.exit_code == 0);
  CHECK(shown.err.empty());
  CHECK(shown.out ==
        "# sitemaplint --show-config: the settings news/sitemap.xml is linted with\n"
        "# from " +
            config +
            ", overrides[0] (files = [\"news/*.xml\"]), then the command line\n"
            "profile = \"default\"\n"
            "# default: Every rule at its own severity: the protocol, its XSD, Google's and Bing's rules and\n"
            "#     sitemaplint's advice\n"
            "#   off (1): SM115 element-without-schema\n"
            "#   because SM115: only a schema validator rejects an element of a namespace it has no schema for; search "
            "engines skip it\n"
            "max-warnings = 9\n"
            "ignore = [\n"
            "  \"SM106\",  # child-out-of-order\n"
            "]\n"
            "\n"
            "[severity]  # rules whose level differs from their default\n"
            "SM502 = \"error\"  # changefreq-never (default: info)\n");
  const auto here = run_cli({"--show-config"}, "", dir.path.string());
  CHECK(here.exit_code == 0);
  CHECK(
      here.out.starts_with("# sitemaplint --show-config: the settings a sitemap in the current directory is linted "
                           "with\n# from " +
                           config + ", then the command line\nprofile = \"default\"\n"));
  CHECK(here.out.find("\nmax-warnings = 2\n") != std::string::npos);
  const auto none = run_cli({"--show-config", "--no-config", "--select", "SM201,SM202"}, "", dir.path.string());
  CHECK(none.exit_code == 0);
  CHECK(none.out.find("# no sitemaplint.toml applies: the defaults, then the command line\n") != std::string::npos);
  // Two rules selected are shown as they were chosen, not as every other rule ignored.
  CHECK(none.out.find("\nselect = [\n  \"SM201\",  # loc-empty\n  \"SM202\",  # loc-not-absolute\n]\n") !=
        std::string::npos);
  CHECK(none.out.find("ignore = [") == std::string::npos);
  const auto most = run_cli({"--show-config", "--no-config", "--ignore", "SM201"}, "", dir.path.string());
  CHECK(most.out.find("\nignore = [\n  \"SM201\",  # loc-empty\n]\n") != std::string::npos);
}

TEST_CASE("config cli: --show-config of a config that runs no rule says so, with or without an input") {
  TempDir dir;
  dir.write("sitemaplint.toml", "select = [\"SM201\"]\nignore = [\"SM201\"]\n");
  dir.write("sitemap.xml", kSitemap);
  const std::string expected =
      "sitemaplint: error: no rule would run: --select, --ignore and the select and ignore of " +
      (dir.path / "sitemaplint.toml").string() + " leave none; run at least one rule, or leave the input out\n";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--show-config"}, std::vector<std::string>{"--show-config", "sitemap.xml"}}) {
    const auto shown = run_cli(args, "", dir.path.string());
    CAPTURE(args.size());
    CHECK(shown.exit_code == 2);
    CHECK(shown.out.empty());
    CHECK(shown.err == expected);
  }
}

TEST_CASE("config cli: an override that stops every rule is shown as an exclusion, and its file passes") {
  TempDir dir;
  dir.write("sitemaplint.toml", "[[overrides]]\nfiles = [\"old/*.xml\"]\nignore = [\"ALL\"]\n");
  dir.write("old/sitemap.xml", "<urlset");  // broken, and not linted
  const auto shown = run_cli({"--show-config", "old/sitemap.xml"}, "", dir.path.string());
  CHECK(shown.exit_code == 0);
  CHECK(shown.out.find("# every rule is stopped by the overrides above: old/sitemap.xml is linted with none, so it "
                       "passes\n") != std::string::npos);
  const auto linted = run_cli({"old/sitemap.xml"}, "", dir.path.string());
  CHECK(linted.exit_code == 0);
  // A file the override does not match is linted as usual.
  dir.write("sitemap.xml", kSitemap);
  CHECK(run_cli({"--show-config", "sitemap.xml"}, "", dir.path.string()).out.find("every rule is stopped") ==
        std::string::npos);
}

TEST_CASE("config cli: an override that matches does not excuse a selection others emptied") {
  // Only an override that itself stops every rule excludes its files: --ignore ALL, or the file's
  // own ignore = ["ALL"], is refused for a file some other override matches, as for any file.
  TempDir dir;
  dir.write("sitemaplint.toml", "[[overrides]]\nfiles = [\"news/*.xml\"]\nseverity = { SM404 = \"error\" }\n");
  dir.write("news/sitemap.xml", "<urlset><url>");
  const auto ignored = run_cli({"--ignore", "ALL", "news/sitemap.xml"}, "", dir.path.string());
  CHECK(ignored.exit_code == 2);
  // The config selects nothing itself: only the command line is named.
  CHECK(ignored.err ==
        "sitemaplint: error: no rule would run: --select and --ignore leave none; run at least one "
        "rule, or leave the input out\n");
  dir.write("sitemaplint.toml",
            "ignore = [\"ALL\"]\n[[overrides]]\nfiles = [\"news/*.xml\"]\nbase-url = \"https://example.com/n.xml\"\n");
  const auto configured = run_cli({"news/sitemap.xml"}, "", dir.path.string());
  CHECK(configured.exit_code == 2);
  CHECK(configured.err.find("the select and ignore of " + (dir.path / "sitemaplint.toml").string()) !=
        std::string::npos);
}

TEST_CASE("config cli: host or coverage beside pages = \"live\" is refused, naming the file that sets it") {
  TempDir dir;
  dir.write("site/sitemap.xml", kSitemap);
  const std::string site = (dir.path / "site").string();
  dir.write("site/sitemaplint.toml", "pages = \"live\"\nhost = \"netlify\"\n");
  const auto host = run_cli({"sitemap.xml"}, "", site);
  CHECK(host.exit_code == 2);
  CHECK(host.err == "sitemaplint: error: " + site + "/sitemaplint.toml: 'host' " + sitemaplint::kHostLiveWhy +
                        "; with pages = \"live\" give it no 'host'\n");
  // Inherited from the config it extends: that file is named.
  dir.write("shared.toml", "coverage = true\n");
  dir.write("site/sitemaplint.toml", "extend = \"../shared.toml\"\npages = \"live\"\n");
  const auto coverage = run_cli({"sitemap.xml"}, "", site);
  CHECK(coverage.exit_code == 2);
  CHECK(coverage.err == "sitemaplint: error: " + (dir.path / "shared.toml").string() + ": 'coverage' " +
                            sitemaplint::kCoverageLiveWhy + "; with pages = \"live\" give it no 'coverage'\n");
  // coverage = false says nothing a live run passes over.
  dir.write("shared.toml", "coverage = false\n");
  dir.write("site/sitemaplint.toml", "extend = \"../shared.toml\"\npages = \"live\"\n");
  CHECK(run_cli({"--show-config", "sitemap.xml"}, "", site).exit_code == 0);
}

TEST_CASE("config cli: extend builds a project's config on a shared one, the project's settings winning") {
  TempDir dir;
  dir.write("shared.toml",
            "profile = \"google\"\nmax-warnings = 0\nmin-severity = \"warning\"\nignore = [\"SM502\"]\n"
            "exclude = [\"drafts/\"]\n[severity]\nSM404 = \"error\"\nSM301 = \"info\"\n"
            "[[overrides]]\nfiles = [\"news/*.xml\"]\nbase-url = \"https://example.com/news/sitemap.xml\"\n");
  dir.write("site/sitemaplint.toml",
            "extend = \"../shared.toml\"\nmax-warnings = 5\nignore = [\"SM603\"]\n[severity]\nSM301 = \"warning\"\n");
  dir.write("site/news/sitemap.xml", kSitemap);
  const std::string site = (dir.path / "site").string();
  const auto shown = run_cli({"--show-config", "news/sitemap.xml"}, "", site);
  INFO(shown.out, shown.err);
  CHECK(shown.exit_code == 0);
  const std::string shared = (dir.path / "shared.toml").string();
  CHECK(shown.out.find("# from " + site + "/sitemaplint.toml, which extends " + shared +
                       ", overrides[0] (files = [\"news/*.xml\"], from " + shared + "), then the command line\n") !=
        std::string::npos);
  CHECK(shown.out.find("\nprofile = \"google\"  # from " + shared + "\n") != std::string::npos);
  CHECK(shown.out.find("\nbase-url = \"https://example.com/news/sitemap.xml\"\n") != std::string::npos);
  CHECK(shown.out.find("\nmax-warnings = 5\n") != std::string::npos);  // the project's wins
  CHECK(shown.out.find("\nmin-severity = \"warning\"  # from " + shared + "\n") != std::string::npos);
  CHECK(shown.out.find("\nexclude = [\"drafts/\"]  # from " + shared + ", for directory searches\n") !=
        std::string::npos);
  // Rule choices layer: the shared ignore and the project's both apply; the project's level wins.
  CHECK(shown.out.find("  \"SM502\",  # changefreq-never\n  \"SM603\",  # priority-uniform\n") != std::string::npos);
  CHECK(shown.out.find("\nSM404 = \"error\"") != std::string::npos);
  CHECK(shown.out.find("\nSM301 = \"warning\"") != std::string::npos);

  // A project select replaces what the shared config chose.
  dir.write("site/sitemaplint.toml", "extend = \"../shared.toml\"\nselect = [\"SM301\"]\n");
  const auto selected = run_cli({"--show-config", "news/sitemap.xml"}, "", site);
  CHECK(selected.out.find("\nselect = [\n  \"SM301\",  # unescaped-ampersand\n]\n") != std::string::npos);

  // What cannot be extended stops the run, naming the file.
  dir.write("site/sitemaplint.toml", "extend = \"../missing.toml\"\n");
  const auto missing = run_cli({"news/sitemap.xml"}, "", site);
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "sitemaplint: error: " + (dir.path / "missing.toml").string() +
                           ": cannot read the config file: no such file\n");
  dir.write("site/sitemaplint.toml", "extend = \"../shared.txt\"\n");
  CHECK(run_cli({"news/sitemap.xml"}, "", site).err ==
        "sitemaplint: error: " + site +
            "/sitemaplint.toml:1:10: 'extend' must name another sitemaplint config, a path ending in .toml\n");
  dir.write("loop.toml", "extend = \"site/sitemaplint.toml\"\n");
  dir.write("site/sitemaplint.toml", "extend = \"../loop.toml\"\n");
  CHECK(run_cli({"news/sitemap.xml"}, "", site).err == "sitemaplint: error: " + (dir.path / "loop.toml").string() +
                                                           ": 'extend' leads back to " + site +
                                                           "/sitemaplint.toml, which extends it\n");
  // A link named like a config that leads into /proc is not read.
  std::filesystem::create_symlink("/proc/self/environ", dir.path / "env.toml");
  dir.write("site/sitemaplint.toml", "extend = \"../env.toml\"\n");
  const auto proc = run_cli({"news/sitemap.xml"}, "", site);
  CHECK(proc.exit_code == 2);
  CHECK(proc.err.find("nothing under /proc, /sys or /dev is read") != std::string::npos);
}

TEST_CASE("config cli: an index's children found on disk are linted with their own overrides") {
  TempDir dir;
  dir.write("sitemaplint.toml",
            "base-url = \"https://example.com/sitemap_index.xml\"\n"
            "[[overrides]]\nfiles = [\"news/*.xml\"]\nignore = [\"SM301\", \"SM213\"]\n");
  dir.write("sitemap_index.xml",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            "  <sitemap><loc>https://example.com/news/sitemap.xml</loc></sitemap>\n"
            "  <sitemap><loc>https://example.com/sitemap-2.xml</loc></sitemap>\n"
            "</sitemapindex>\n");
  dir.write("news/sitemap.xml", kSitemap);
  dir.write("sitemap-2.xml", kSitemap);
  const auto result = lint_in(dir, {"sitemap_index.xml"});
  CHECK(result.exit_code == 1);
  CHECK(findings(result.out) == std::vector<std::string>{
                                    "news/sitemap.xml:4:52 note SM502",
                                    "sitemap-2.xml:3:13 warning SM803",  // the same URLs as news/sitemap.xml
                                    "sitemap-2.xml:3:37 error SM301",
                                    "sitemap-2.xml:4:13 warning SM803",
                                    "sitemap-2.xml:4:52 note SM502",
                                    "sitemap-2.xml:5:13 warning SM803",
                                });
}

TEST_CASE("config cli: exclude skips files and folders met in a directory search, not files named outright") {
  TempDir dir;
  dir.write("sitemaplint.toml", "exclude = [\"drafts/\", \"*-old.xml\"]\nignore = [\"SM803\"]\n");
  dir.write("public/sitemap.xml", kSitemap);
  dir.write("public/sitemap-old.xml", kSitemap);
  dir.write("drafts/sitemap.xml", kSitemap);
  const auto searched = lint_in(dir, {"."});
  CHECK(findings(searched.out) ==
        std::vector<std::string>{"./public/sitemap.xml:3:37 error SM301", "./public/sitemap.xml:4:52 note SM502"});
  const auto named = lint_in(dir, {"drafts/sitemap.xml"});
  CHECK(findings(named.out) ==
        std::vector<std::string>{"drafts/sitemap.xml:3:37 error SM301", "drafts/sitemap.xml:4:52 note SM502"});
  const auto only_excluded = lint_in(dir, {"drafts"});
  CHECK(only_excluded.exit_code == 2);
  CHECK(
      only_excluded.err ==
      "sitemaplint: error: drafts: every sitemap file in this directory is excluded by the config's 'exclude' globs\n");
}

TEST_CASE("config cli: the documented example config gives exactly the documented --show-config output") {
  // Both in docs/configuration.md.
  const std::string page = read_file(source_path("docs/configuration.md"));
  const std::string config = documented_block(page, "```toml\n# sitemaplint.toml\n");
  REQUIRE(!config.empty());
  std::string expected = documented_block(page, "$ sitemaplint --show-config news/sitemap.xml\n");
  REQUIRE(!expected.empty());

  TempDir dir;
  dir.write("sitemaplint.toml", config);
  dir.write("news/sitemap.xml", kSitemap);
  const auto result = run_cli({"--show-config", "news/sitemap.xml"}, "", dir.path.string());
  CHECK(result.exit_code == 0);
  for (std::size_t at = expected.find("/srv/site"); at != std::string::npos; at = expected.find("/srv/site", at)) {
    expected.replace(at, 9, dir.path.string());
    at += dir.path.string().size();
  }
  CHECK(result.out == expected);
}

TEST_CASE("config cli: globs of a --config file are relative to the current directory") {
  TempDir dir;
  dir.write("ci/lint.toml",
            "[[overrides]]\nfiles = [\"public/news/*.xml\"]\nignore = [\"SM301\"]\n"
            "[[overrides]]\nfiles = [\"sitemap.xml\"]\nignore = [\"SM502\"]\n");
  dir.write("public/news/sitemap.xml", kSitemap);
  const auto result = lint_in(dir, {"--config", "ci/lint.toml", "public/news/sitemap.xml"});
  CHECK(result.exit_code == 0);
  CHECK(result.out.empty());
  // Run from elsewhere, the anchored glob no longer matches; the bare file name still does.
  TempDir elsewhere;
  const auto outside = lint_in(
      elsewhere, {"--config", (dir.path / "ci/lint.toml").string(), (dir.path / "public/news/sitemap.xml").string()});
  CHECK(findings(outside.out) ==
        std::vector<std::string>{(dir.path / "public/news/sitemap.xml").string() + ":3:37 error SM301"});
}

TEST_CASE("config cli: --stdin-filename names standard input for reports, config lookup and overrides") {
  TempDir dir;
  dir.write("sitemaplint.toml", "[[overrides]]\nfiles = [\"news/*.xml\"]\nignore = [\"SM502\"]\n");
  const auto named = run_cli({"--format", "gcc", "--now", kTestNow, "--stdin-filename", "news/sitemap.xml", "-"},
                             kSitemap, dir.path.string());
  CHECK(named.exit_code == 1);
  CHECK(findings(named.out) == std::vector<std::string>{"news/sitemap.xml:3:37 error SM301"});
  const auto unnamed = run_cli({"--format", "gcc", "--now", kTestNow, "-"}, kSitemap, dir.path.string());
  CHECK(findings(unnamed.out) == std::vector<std::string>{"-:3:37 error SM301", "-:4:52 note SM502"});
  const auto without_stdin = run_cli({"--stdin-filename", "news/sitemap.xml", "other.xml"}, "", dir.path.string());
  CHECK(without_stdin.exit_code == 2);
  CHECK(without_stdin.err ==
        "sitemaplint: error: --stdin-filename names standard input, but '-' is not among the inputs (see sitemaplint "
        "--help)\n");
}
