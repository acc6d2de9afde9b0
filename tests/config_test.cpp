// sitemaplint.toml: parsing with every kind of bad input named by key, line and column; the globs of
// [[overrides]]; which config governs an input; and the order settings apply in (file, overrides,
// then the command line).
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <fstream>
#include <toml++/toml.h>

#include "config/config_file.h"
#include "config/resolve.h"
#include "config/show.h"
#include "config/path_glob.h"
#include "config/toml_depth.h"
#include "engine/registry.h"
#include "engine/rule_profiles.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
namespace fs = std::filesystem;

namespace {

const fs::path kConfigPath = "/project/sitemaplint.toml";

std::string parse_error(const std::string& text) {
  ConfigFile config;
  std::string error;
  CHECK_FALSE(parse_config(text, kConfigPath, &config, &error));
  return error;
}

std::vector<std::string> codes(const std::vector<const RuleInfo*>& rules) {
  std::vector<std::string> out;
  for (const RuleInfo* rule : rules) out.emplace_back(rule->code);
  return out;
}

bool enabled(const Profile& profile, std::string_view code) {
  for (const RuleInfo* rule : profile.selection.enabled) {
    if (rule->code == code) return true;
  }
  return false;
}

Severity level(const Profile& profile, std::string_view code) {
  return profile.selection.severity_of(*find_rule(code));
}

}  // namespace

TEST_CASE("config: every key read, relative root resolved against the file's directory") {
  ConfigFile config;
  std::string error;
  REQUIRE(parse_config(R"(# a comment
select = ["ALL"]
ignore = ["SM403", "priority-uniform"]
base-url = "https://example.com/sitemap.xml"
root = "public/../site"
max-warnings = 5
exclude = ["drafts/", "*.bak.xml"]

[severity]
changefreq-never = "warning"
SM201 = "info"

[[overrides]]
files = ["news/*.xml", "**/feed-sitemap.xml"]
ignore = ["SM502"]
base-url = "https://example.com/news/sitemap.xml"

[[overrides]]
files = ["legacy/"]
select = ["SM001"]
[overrides.severity]
SM001 = "warning"
)",
                       kConfigPath, &config, &error));
  CHECK(error.empty());
  CHECK(config.path == kConfigPath);
  REQUIRE(config.rules.select);
  CHECK(config.rules.select->size() == all_rules().size());
  CHECK(codes(config.rules.ignore) == std::vector<std::string>{"SM403", "SM603"});
  REQUIRE(config.rules.severity.size() == 2);
  CHECK(config.rules.severity[0].first->code == "SM502");
  CHECK(config.rules.severity[0].second == Severity::Warning);
  CHECK(config.rules.severity[1].first->code == "SM201");
  CHECK(config.rules.severity[1].second == Severity::Info);
  REQUIRE(config.location);
  CHECK(config.location->url == "https://example.com/sitemap.xml");
  CHECK(config.root == "/project/site");
  CHECK(config.max_warnings == 5);
  CHECK(config.exclude == std::vector<std::string>{"drafts/", "*.bak.xml"});
  REQUIRE(config.overrides.size() == 2);
  CHECK(config.overrides[0].files == std::vector<std::string>{"news/*.xml", "**/feed-sitemap.xml"});
  CHECK(codes(config.overrides[0].rules.ignore) == std::vector<std::string>{"SM502"});
  CHECK_FALSE(config.overrides[0].rules.select);
  REQUIRE(config.overrides[0].location);
  CHECK(config.overrides[0].location->directory == "/news/");
  CHECK(config.overrides[1].files == std::vector<std::string>{"legacy/"});
  REQUIRE(config.overrides[1].rules.select);
  CHECK(codes(*config.overrides[1].rules.select) == std::vector<std::string>{"SM001"});
  REQUIRE(config.overrides[1].rules.severity.size() == 1);
  CHECK(config.overrides[1].rules.severity[0].second == Severity::Warning);
}

TEST_CASE("config: an empty file is valid and changes nothing") {
  ConfigFile config;
  std::string error;
  REQUIRE(parse_config("", kConfigPath, &config, &error));
  CHECK_FALSE(config.rules.select);
  CHECK(config.rules.ignore.empty());
  CHECK(config.overrides.empty());
  CHECK_FALSE(config.max_warnings);
}

TEST_CASE("config: unknown keys and bad values name the key, line and column") {
  const std::string p = "/project/sitemaplint.toml:";
  CHECK(parse_error("ignore = []\nselct = [\"SM201\"]\n") ==
        p + "2:1: unknown key 'selct'; did you mean 'select'? (known keys: extend, profile, select, ignore, "
            "severity, base-url, root, max-warnings, min-severity, exclude, overrides, robots, pages, host, coverage, "
            "rate, user-agent, max-urls, sample, cache, memory-limit)");
  CHECK(parse_error("colour = true\n") == p + "1:1: unknown key 'colour' (known keys: extend, profile, select, ignore, "
                                              "severity, base-url, root, max-warnings, "
                                              "min-severity, exclude, overrides, robots, pages, host, coverage, rate, "
                                              "user-agent, max-urls, sample, cache, memory-limit)");
  CHECK(parse_error("exclude = \"drafts/\"\n") ==
        p + "1:11: 'exclude' must be a non-empty array of globs, e.g. [\"news/*.xml\"]");
  CHECK(parse_error("[[overrides]]\nfiles = [\"a.xml\"]\nbaseurl = \"https://example.com/\"\n") ==
        p + "3:1: unknown key 'overrides[0].baseurl'; did you mean 'base-url'? (known keys: files, profile, select, "
            "ignore, severity, base-url)");
  CHECK(parse_error("profile = \"gogle\"\n") ==
        p + "1:11: 'profile': unknown profile 'gogle'; did you mean 'google'? (profiles: default, google, xsd, "
            "protocol, bing, strict)");
  CHECK(parse_error("profile = [\"xsd\"]\n") ==
        p + "1:11: 'profile' must be a profile name (a string), e.g. \"google\"");
  CHECK(parse_error("[[overrides]]\nfiles = [\"a.xml\"]\nprofile = \"bign\"\n") ==
        p + "3:11: 'overrides[0].profile': unknown profile 'bign'; did you mean 'bing'? (profiles: default, google, "
            "xsd, protocol, bing, strict)");
  CHECK(parse_error("select = \"SM201\"\n") ==
        p + "1:10: 'select' must be an array of rule codes or names, e.g. [\"SM403\", \"priority-uniform\"]");
  CHECK(parse_error("ignore = [\"SM201\",\n  \"lastmod-invalidd\"]\n") ==
        p + "2:3: 'ignore': unknown rule 'lastmod-invalidd'; did you mean 'lastmod-invalid'? (sitemaplint "
            "--list-rules shows them all)");
  CHECK(parse_error("select = [\"no-such-thing-at-all\"]\n") ==
        p + "1:11: 'select': unknown rule 'no-such-thing-at-all' (sitemaplint --list-rules shows them all)");
  CHECK(parse_error("ignore = [201]\n") == p + "1:11: 'ignore' must list rule codes or names as strings");
  CHECK(parse_error("severity = \"error\"\n") ==
        p + "1:12: 'severity' must be a table of RULE = \"error\" | \"warning\" | \"info\"");
  CHECK(parse_error("[severity]\nSM201 = \"fatal\"\n") ==
        p + "2:9: 'severity.SM201': unknown level 'fatal' (use error, warning or info)");
  // A misspelt or abbreviated level gets the level it most likely meant.
  CHECK(parse_error("[severity]\nSM201 = \"warn\"\n") ==
        p + "2:9: 'severity.SM201': unknown level 'warn'; did you mean 'warning'? (use error, warning or info)");
  CHECK(parse_error("severity.SM201 = \"eror\"\n") ==
        p + "1:18: 'severity.SM201': unknown level 'eror'; did you mean 'error'? (use error, warning or info)");
  CHECK(parse_error("[severity]\nSM201 = \"Info\"\n") ==
        p + "2:9: 'severity.SM201': unknown level 'Info'; did you mean 'info'? (use error, warning or info)");
  CHECK(parse_error("[severity]\nSM201 = 2\n") ==
        p + "2:9: 'severity.SM201' must be \"error\", \"warning\" or \"info\"");
  CHECK(parse_error("[severity]\nSM999 = \"error\"\n").starts_with(p + "2:1: 'severity': unknown rule 'SM999'"));
  CHECK(parse_error("min-severity = \"warn\"\n") ==
        p + "1:16: 'min-severity': unknown level 'warn'; did you mean 'warning'? (use error, warning or info)");
  CHECK(parse_error("min-severity = 1\n") == p + "1:16: 'min-severity' must be \"error\", \"warning\" or \"info\"");
  CHECK(parse_error("max-warnings = -1\n") == p + "1:16: 'max-warnings' must be a whole number from 0 to 1000000000");
  CHECK(parse_error("max-warnings = \"10\"\n") ==
        p + "1:16: 'max-warnings' must be a whole number from 0 to 1000000000");
  CHECK(parse_error("max-warnings = 2.5\n") == p + "1:16: 'max-warnings' must be a whole number from 0 to 1000000000");
  CHECK(parse_error("base-url = 42\n") == p + "1:12: 'base-url' must be a URL string");
  CHECK(parse_error("base-url = \"example.com/sitemap.xml\"\n").starts_with(p + "1:12: 'base-url': "));
  CHECK(parse_error("root = \"\"\n") == p + "1:8: 'root' must be a directory path (a string)");
  CHECK(parse_error("[overrides]\nfiles = [\"a\"]\n") ==
        p + "1:1: 'overrides' must be an array of tables: write each as [[overrides]]");
  CHECK(parse_error("[[overrides]]\nignore = [\"SM201\"]\n") ==
        p + "1:1: an [[overrides]] table needs 'files', the globs of the files it applies to");
  CHECK(parse_error("[[overrides]]\nfiles = []\n") ==
        p + "2:9: 'overrides[0].files' must be a non-empty array of globs, e.g. [\"news/*.xml\"]");
  CHECK(parse_error("[[overrides]]\nfiles = [\"news\\\\*.xml\"]\n") ==
        p + "2:10: 'overrides[0].files': globs separate folders with '/', not '\\': 'news\\*.xml'");
  CHECK(parse_error("exclude = [\"a\", \"../b\"]\n") ==
        p + "1:17: 'exclude': globs cannot reach above the config file's directory ('..'): '../b'");
  CHECK(parse_error("[[overrides]]\nfiles = [\"a\"]\nroot = \"public\"\n") ==
        p + "3:1: 'overrides[0].root': 'root' concerns the whole run; set it at the top level, not in [[overrides]]");
  CHECK(parse_error("select = []\n") ==
        p + "1:10: 'select' is empty, so no rule would run; leave it out to run every rule");
  CHECK(parse_error("[[overrides]]\nfiles = [\"\"]\n") ==
        p + "2:10: 'overrides[0].files' must list globs as non-empty strings");
  CHECK(parse_error("[[overrides]]\nfiles = [\"a\"]\n[[overrides]]\nfiles = [\"b\"]\nselect = [\"nope\"]\n")
            .starts_with(p + "5:11: 'overrides[1].select': unknown rule 'nope'"));
}

TEST_CASE("config: robots is a file relative to the config, or an http(s) URL, for the whole run") {
  ConfigFile config;
  std::string error;
  REQUIRE(parse_config("robots = \"public/../site/robots.txt\"\n", kConfigPath, &config, &error));
  CHECK(config.robots == "/project/site/robots.txt");
  REQUIRE(parse_config("robots = \"/project/site/robots.txt\"\n", kConfigPath, &config, &error));
  CHECK(config.robots == "/project/site/robots.txt");
  REQUIRE(parse_config("robots = \"https://example.com/robots.txt\"\n", kConfigPath, &config, &error));
  CHECK(config.robots == "https://example.com/robots.txt");
  REQUIRE(parse_config("", kConfigPath, &config, &error));
  CHECK_FALSE(config.robots);
  const std::string p = "/project/sitemaplint.toml:";
  CHECK(parse_error("robots = true\n") ==
        p + "1:10: 'robots' must be the path or http(s) URL of a robots.txt (a string)");
  CHECK(parse_error("robots = \"\"\n") ==
        p + "1:10: 'robots' must be the path or http(s) URL of a robots.txt (a string)");
  CHECK(parse_error("robots = \"ftp://example.com/robots.txt\"\n")
            .starts_with(p + "1:10: 'robots': 'ftp://example.com/robots.txt'"));
  CHECK(parse_error("robts = \"robots.txt\"\n").starts_with(p + "1:1: unknown key 'robts'; did you mean 'robots'?"));
  CHECK(
      parse_error("[[overrides]]\nfiles = [\"a\"]\nrobots = \"robots.txt\"\n") ==
      p + "3:1: 'overrides[0].robots': 'robots' concerns the whole run; set it at the top level, not in [[overrides]]");
}

TEST_CASE("config: root and robots name paths inside the config file's directory, or are refused") {
  const std::string p = "/project/sitemaplint.toml:";
  const auto refused = [](const std::string& text, const std::string& key) {
    ConfigFile config;
    std::string error;
    REQUIRE(parse_config(text, kConfigPath, &config, &error));  // the file is read; using the value is the error
    const bool root = key == "root";
    CHECK_FALSE((root ? config.root : config.robots).has_value());
    const auto& message = root ? config.root_refused : config.robots_refused;
    return message.value_or("");
  };
  const auto refusal = [&](const std::string& at, const std::string& key, const std::string& why,
                           const std::string& text) {
    return p + at + ": '" + key + "' must name a path inside the config file's directory (/project), not " + why +
           ": '" + text + "'; give --" + key + " on the command line for a path elsewhere";
  };
  CHECK(refused("robots = \"/proc/self/environ\"\n", "robots") ==
        refusal("1:10", "robots", "an absolute path outside it", "/proc/self/environ"));
  CHECK(refused("root = \"/srv/site\"\n", "root") ==
        refusal("1:8", "root", "an absolute path outside it", "/srv/site"));
  CHECK(refused("root = \"/project-other\"\n", "root") ==
        refusal("1:8", "root", "an absolute path outside it", "/project-other"));
  CHECK(refused("root = \"..\"\n", "root") == refusal("1:8", "root", "a path that leads out of it ('..')", ".."));
  CHECK(refused("robots = \"public/../../etc/robots.txt\"\n", "robots") ==
        refusal("1:10", "robots", "a path that leads out of it ('..')", "public/../../etc/robots.txt"));
  // Inside, however written.
  ConfigFile config;
  std::string error;
  REQUIRE(parse_config("root = \".\"\nrobots = \"./a/../robots.txt\"\n", kConfigPath, &config, &error));
  CHECK(config.root == "/project/");
  CHECK(config.robots == "/project/robots.txt");
  CHECK_FALSE(config.root_refused);
  CHECK_FALSE(config.robots_refused);

  // A symbolic link inside that leads out is followed, and refused.
  TempDir project, elsewhere;
  const std::string secret = elsewhere.write("robots.txt", "Sitemap: https://example.com/secret.xml\n");
  std::filesystem::create_symlink(secret, project.path / "robots.txt");
  std::filesystem::create_symlink(elsewhere.path, project.path / "public");
  const std::filesystem::path file = project.path / "sitemaplint.toml";
  REQUIRE(parse_config("root = \"public\"\nrobots = \"robots.txt\"\n", file, &config, &error));
  CHECK_FALSE(config.root);
  CHECK_FALSE(config.robots);
  CHECK(config.root_refused == file.string() + ":1:8: 'root' must name a path inside the config file's directory (" +
                                   project.path.string() +
                                   "), not a path that a symbolic link takes out of it: "
                                   "'public'; give --root on the command line for a path elsewhere");
  CHECK(config.robots_refused.value_or("").starts_with(file.string() + ":2:10: 'robots' must name a path inside"));
  // One that stays inside is fine; so is a path not built yet.
  std::filesystem::create_directory(project.path / "site");
  std::filesystem::create_symlink(project.path / "site", project.path / "www");
  REQUIRE(parse_config("root = \"www\"\nrobots = \"build/robots.txt\"\n", file, &config, &error));
  CHECK(config.root == (project.path / "www").string());
  CHECK(config.robots == (project.path / "build/robots.txt").string());
}

TEST_CASE("config: min-severity is a level for the whole run") {
  ConfigFile config;
  std::string error;
  REQUIRE(parse_config("min-severity = \"warning\"\n", kConfigPath, &config, &error));
  CHECK(config.min_severity == Severity::Warning);
  REQUIRE(parse_config("", kConfigPath, &config, &error));
  CHECK_FALSE(config.min_severity);
  CHECK(parse_error("[[overrides]]\nfiles = [\"a\"]\nmin-severity = \"error\"\n") ==
        "/project/sitemaplint.toml:3:1: 'overrides[0].min-severity': 'min-severity' concerns the whole run; set it at "
        "the top level, not in [[overrides]]");
}

TEST_CASE("config: TOML syntax errors, duplicate keys, invalid UTF-8 and binary input fail with a position") {
  const std::string p = "/project/sitemaplint.toml:";
  // In sitemaplint's words, with what to write instead, not the parser's state.
  CHECK(parse_error("select = [\"SM201\"\n") == p + "1:19: a list opened with '[' is not closed: end it with ']'");
  CHECK(parse_error("max-warnings = 1\nmax-warnings = 2\n") ==
        p + "2:16: 'max-warnings' is set a second time here; each key (and each [table]) may appear once: keep one");
  CHECK(parse_error("ignore = [\"SM\xff\"]\n") == p + "1:13: the file is not UTF-8 text, as TOML requires");
  CHECK(parse_error(std::string("\x00\x01\x02\x89PNG", 8)) == p + "1:3: the file is not UTF-8 text, as TOML requires");
  CHECK(parse_error("[severity\n") ==
        p + "1:10: a table header is not closed on its line: write [name] or [[overrides]]");
  CHECK(parse_error("profile = google\n") ==
        p + "1:11: 'google' is not a TOML value: write text in quotes (\"google\"), a list in brackets ([\"google\"]), "
            "or a number or true/false as they are");
  CHECK(parse_error("profile = \"g\xc3\xb6gle\" x\n") ==
        p + "1:19: unexpected 'x' after the value: write one key = value a line (a comment starts with '#')");
  CHECK(parse_error("base-url = \"https://a\n") ==
        p + "1:22: a string is not closed on its line: end it with the quote it began with");
  CHECK(parse_error("profile =\n") ==
        p + "1:10: a value is missing after '=': write text in quotes, a list in brackets, or a number or true/false");
  CHECK(parse_error("select\n") == p + "1:7: a key must be followed by '=' and its value: key = value");
  CHECK(parse_error("= 3\n") == p + "1:1: a line must be key = value, a [table] header or a comment ('#')");
  CHECK(parse_error("ignore = [\"a\" \"b\"]\n") ==
        p + "1:15: a list opened with '[' is not closed: separate its items with ',' and end it with ']'");
}

TEST_CASE("config: nesting past 64 levels is refused with its position before toml++ parses it") {
  const std::string p = "/project/sitemaplint.toml:";
  const std::string deep =
      ": tables and arrays are nested more than 64 levels deep here (dotted keys, table headers, "
      "arrays and inline tables each count)";
  const auto repeat = [](const std::string& piece, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += piece;
    return out;
  };
  CHECK(parse_error("ignore = []\n" + repeat("a.", 40'000) + "a = 1\n") == p + "2:1" + deep);
  CHECK(parse_error("[" + repeat("a.", 40'000) + "a]\n") == p + "1:1" + deep);
  CHECK(parse_error("[[" + repeat("a.", 63) + "a]]\n") == p + "1:1" + deep);  // 64 parts and the array
  // The 64th "{" is 64 levels deep, its key the 65th; the 64th "[" holds the 65th level.
  CHECK(parse_error("x = " + repeat("{a=", 40'000) + "1" + repeat("}", 40'000) + "\n") ==
        p + "1:" + std::to_string(5 + 3 * 63 + 1) + deep);
  CHECK(parse_error("x = " + repeat("[", 40'000) + "1" + repeat("]", 40'000) + "\n") ==
        p + "1:" + std::to_string(5 + 63) + deep);
  // Columns count characters: "é" is one.
  CHECK(parse_error("[a]\nb = { c = \"\xC3\xA9\", d = " + repeat("[", 62) + "1" + repeat("]", 62) + " }\n") ==
        p + "2:" + std::to_string(20 + 61) + deep);
  // 64 levels are fine: toml++ parses them.
  CHECK(
      parse_error(repeat("a.", 63) + "a = 1\n") ==
      p + "1:1: unknown key 'a' (known keys: extend, profile, select, ignore, severity, base-url, root, max-warnings, "
          "min-severity, exclude, overrides, robots, pages, host, coverage, rate, user-agent, max-urls, sample, "
          "cache, memory-limit)");
}

TEST_CASE("toml_too_deep_at: levels counted as toml++ builds them, strings and comments skipped") {
  // Each document with its depth: within that many levels it passes, within one fewer it does not.
  const std::vector<std::pair<std::string, std::size_t>> documents = {
      {"a = 1\n", 1},
      {"a.b = 1\n", 2},
      {"[a]\nb = 1\n", 2},
      {"[a.b]\nc.d = 1\n", 4},
      {"[[a]]\nb = 1\n", 3},
      {"x = [1, 2.5, 1979-05-27 07:32:00]\n", 2},
      {"x = [[1], [2]]\n", 3},
      {"x = {a = 1, b.c = 2}\n", 3},
      {"x = [{a = 1}]\n", 3},
      {"x = { a = { b = [ { c = 1 } ] } }\n", 5},
      {"x = [\n  1,\n  [2, # [[[[ \n   3],\n]\n", 3},
      {"s = \"a.b.c = [ \\\" {\"\n", 1},
      {"s = '''\n[[[[a.b.c\n'''\n", 1},
      {"s = \"\"\"\n\\\"\"\" x.y.z = {\n\"\"\"\"\"\n", 1},
      {"# a.b.c.d = [[[[\nx = 1 # {{{{\n", 1},
      {"\"a.b\".c = 1\n", 2},
      {"'q.q' . r . s = 1\n", 3},
      {"a = \"\"\nb.c = ''\n", 2},
  };
  for (const auto& [text, depth] : documents) {
    const std::string& shown = text;  // clang 14 cannot capture a structured binding in INFO's lambda
    INFO(shown);
    toml::table parsed;
    CHECK_NOTHROW(parsed = toml::parse(text));  // each is TOML
    CHECK_FALSE(toml_too_deep_at(text, depth));
    CHECK(toml_too_deep_at(text, depth - 1));
  }
}

TEST_CASE("config: a missing or unreadable config file is an error naming it") {
  ConfigFile config;
  std::string error;
  CHECK_FALSE(load_config("/nonexistent/sitemaplint.toml", &config, &error));
  CHECK(error == "/nonexistent/sitemaplint.toml: cannot read the config file: no such file");
  TempDir dir;
  CHECK_FALSE(load_config(dir.path, &config, &error));
  CHECK(error == dir.path.string() + ": cannot read the config file: it is a directory");
  const std::string fifo = (dir.path / "fifo.toml").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_FALSE(load_config(fifo, &config, &error));  // refused, not read (which would block)
  CHECK(error == fifo + ": cannot read the config file: it is not a regular file");
  const fs::path dangling = dir.path / "dangling.toml";
  fs::create_symlink(dir.path / "gone.toml", dangling);
  CHECK_FALSE(load_config(dangling, &config, &error));
  CHECK(error == dangling.string() + ": cannot read the config file: it is a symbolic link to nothing");
}

TEST_CASE("glob: like .gitignore: segments, '**', anchoring by an inner '/', folders only with a trailing '/'") {
  CHECK(glob_matches("news/*.xml", "news/sitemap.xml"));
  CHECK_FALSE(glob_matches("news/*.xml", "news/2024/sitemap.xml"));
  CHECK_FALSE(glob_matches("news/*.xml", "blog/news/sitemap.xml"));  // an inner '/' anchors
  CHECK(glob_matches("./news/*.xml", "news/sitemap.xml"));
  CHECK(glob_matches("/news/*.xml", "news/a.xml"));
  CHECK(glob_matches("news/**/*.xml", "news/sitemap.xml"));
  CHECK(glob_matches("news/**/*.xml", "news/2024/05/sitemap.xml"));
  CHECK(glob_matches("**/news/*.xml", "a/b/news/x.xml"));
  CHECK(glob_matches("*.xml.gz", "deep/down/sitemap-1.xml.gz"));  // no '/': any depth
  CHECK_FALSE(glob_matches("*.xml", "sitemap.xml.gz"));
  CHECK_FALSE(glob_matches("*.XML", "sitemap.xml"));  // case matters, as on the file system
  CHECK(glob_matches("sitemap-?.xml", "sitemap-7.xml"));
  CHECK_FALSE(glob_matches("sitemap-?.xml", "sitemap-10.xml"));
  CHECK(glob_matches("sitemap-[0-9][0-9].xml", "public/sitemap-10.xml"));
  // A path matches when one of its folders does.
  CHECK(glob_matches("news", "news/sitemap.xml"));
  CHECK(glob_matches("legacy/", "legacy/a/b/sitemap.xml"));
  CHECK(glob_matches("2024/", "news/2024/sitemap.xml"));  // a trailing '/' alone does not anchor
  CHECK_FALSE(glob_matches("legacy/", "new/legacy.xml"));
  CHECK_FALSE(glob_matches("legacy/", "legacy"));  // a file named legacy is not a folder
  CHECK(glob_matches("legacy/", "legacy", true));
  CHECK(glob_matches("news/*/", "news/2024/sitemap.xml"));
  CHECK_FALSE(glob_matches("news/*/", "news/sitemap.xml"));
  CHECK_FALSE(glob_matches("", "a.xml"));
  CHECK_FALSE(glob_matches("news/*.xml", ""));
  CHECK(glob_problem("news\\*.xml") == "globs separate folders with '/', not '\\'");
  CHECK(glob_problem("../other/*.xml") == "globs cannot reach above the config file's directory ('..')");
  CHECK(glob_problem("./") == "a glob needs at least one name or pattern");
  CHECK(glob_problem("./news/") == "");
}

TEST_CASE("resolve: a selection that leaves no rule is refused, unless an override stops them for its files") {
  TempDir dir;
  dir.write("sitemaplint.toml", "ignore = [\"ALL\"]\n");
  dir.write("legacy/sitemaplint.toml", "[[overrides]]\nfiles = [\"old/*.xml\"]\nignore = [\"ALL\"]\n");
  const std::string top = dir.write("sitemap.xml", "");
  const std::string old = dir.write("legacy/old/sitemap.xml", "");
  const std::string current = dir.write("legacy/sitemap.xml", "");
  CommandLineChoices none;
  ConfigResolver resolver(none, ConfigSource::Discover);
  std::string error;
  CHECK_FALSE(resolver.profile_for(top, &error));
  CHECK(error == "no rule would run: --select, --ignore and the select and ignore of " +
                     (dir.path / "sitemaplint.toml").string() +
                     " leave none; run at least one rule, or leave the input out");
  const Profile* excluded = resolver.profile_for(old, &error);
  REQUIRE(excluded);
  CHECK(excluded->selection.enabled.empty());
  CHECK(resolver.profile_for(current, &error));

  // The command line alone, with no config: --ignore ALL, or --select of rules it then ignores.
  const auto all = run_cli({"--no-config", "--ignore", "ALL", top});
  CHECK(all.exit_code == 2);
  CHECK(all.err.find("no rule would run: --select and --ignore leave none") != std::string::npos);
  const auto emptied = run_cli({"--no-config", "--select", "SM4", "--ignore", "lastmod", top});
  CHECK(emptied.exit_code == 2);
}

TEST_CASE("resolve: the nearest sitemaplint.toml above each input, its matching overrides, then the command line") {
  TempDir dir;
  dir.write("sitemaplint.toml", R"(ignore = ["SM106"]
base-url = "https://example.com/sitemap.xml"
[severity]
SM502 = "warning"
[[overrides]]
files = ["news/*.xml"]
ignore = ["SM502"]
base-url = "https://example.com/news/sitemap.xml"
[[overrides]]
files = ["news/old-*.xml"]
select = ["SM502", "SM106"]
)");
  dir.write("nested/sitemaplint.toml", "ignore = [\"SM301\"]\n");
  const std::string top = dir.write("sitemap.xml", "");
  const std::string news = dir.write("news/sitemap.xml", "");
  const std::string old = dir.write("news/old-1.xml", "");
  const std::string nested = dir.write("nested/deeper/sitemap.xml", "");

  CommandLineChoices none;
  ConfigResolver resolver(none, ConfigSource::Discover);
  std::string error;
  const Profile* at_top = resolver.profile_for(top, &error);
  REQUIRE(at_top);
  CHECK(at_top->config->path == dir.path / "sitemaplint.toml");
  CHECK(at_top->overrides.empty());
  CHECK_FALSE(enabled(*at_top, "SM106"));
  CHECK(enabled(*at_top, "SM502"));
  CHECK(level(*at_top, "SM502") == Severity::Warning);
  CHECK(at_top->settings.location->url == "https://example.com/sitemap.xml");

  const Profile* in_news = resolver.profile_for(news, &error);
  REQUIRE(in_news);
  CHECK(in_news->overrides == std::vector<std::size_t>{0});
  CHECK_FALSE(enabled(*in_news, "SM502"));
  CHECK(enabled(*in_news, "SM201"));
  CHECK(in_news->settings.location->url == "https://example.com/news/sitemap.xml");

  // Both overrides match; the second's select makes exactly its rules run, after the first's ignore.
  const Profile* in_old = resolver.profile_for(old, &error);
  REQUIRE(in_old);
  CHECK(in_old->overrides == std::vector<std::size_t>{0, 1});
  CHECK(codes(in_old->selection.enabled) == std::vector<std::string>{"SM106", "SM502"});

  const Profile* deeper = resolver.profile_for(nested, &error);
  REQUIRE(deeper);
  CHECK(deeper->config->path == dir.path / "nested/sitemaplint.toml");
  CHECK_FALSE(enabled(*deeper, "SM301"));
  CHECK(enabled(*deeper, "SM106"));  // the nearest file alone applies: no merging with the one above
  CHECK_FALSE(deeper->settings.location);

  // The same inputs give the same profile object: one per combination of config and overrides.
  CHECK(resolver.profile_for(news, &error) == in_news);
}

TEST_CASE("resolve: the command line has the last word, --config and --no-config choose the file") {
  TempDir dir;
  const std::string config = dir.write("sitemaplint.toml", "ignore = [\"SM106\", \"SM502\"]\nmax-warnings = 3\n");
  const std::string file = dir.write("sitemap.xml", "");
  CommandLineChoices command_line;
  std::string error;
  REQUIRE(parse_rule_layer({"SM106", "SM201"}, {"SM201"}, {"SM106=error"}, &command_line.rules, &error));
  command_line.location = parse_sitemap_location("https://cli.example/sitemap.xml", &error);

  ConfigResolver discover(command_line, ConfigSource::Discover);
  const Profile* profile = discover.profile_for(file, &error);
  REQUIRE(profile);
  // --select names exactly the rules to run, so the file's ignore of SM106 no longer applies.
  CHECK(codes(profile->selection.enabled) == std::vector<std::string>{"SM106"});
  CHECK(level(*profile, "SM106") == Severity::Error);
  CHECK(profile->settings.location->host == "cli.example");

  ConfigResolver no_config(command_line, ConfigSource::None);
  profile = no_config.profile_for(file, &error);
  REQUIRE(profile);
  CHECK(profile->config == nullptr);

  TempDir elsewhere;
  const std::string other = elsewhere.write("other.toml", "ignore = [\"SM001\"]\n");
  ConfigResolver given(CommandLineChoices{}, ConfigSource::Given, other);
  profile = given.profile_for(file, &error);
  REQUIRE(profile);
  CHECK(profile->config->path == fs::path(other));
  CHECK_FALSE(enabled(*profile, "SM001"));
  CHECK(enabled(*profile, "SM106"));

  ConfigResolver missing(CommandLineChoices{}, ConfigSource::Given, elsewhere.path / "absent.toml");
  CHECK_FALSE(missing.profile_for(file, &error));
  CHECK(error == (elsewhere.path / "absent.toml").string() + ": cannot read the config file: no such file");
  (void)config;
}

TEST_CASE("resolve: URLs match overrides by their path, standard input matches none") {
  TempDir dir;
  const std::string config =
      dir.write("sitemaplint.toml", "[[overrides]]\nfiles = [\"news/*.xml\"]\nignore = [\"SM201\"]\n");
  ConfigResolver resolver(CommandLineChoices{}, ConfigSource::Given, config);
  std::string error;
  const Profile* url = resolver.profile_for("https://example.com/news/sitemap.xml?x=1", &error);
  REQUIRE(url);
  CHECK(url->overrides == std::vector<std::size_t>{0});
  const Profile* stdin_profile = resolver.profile_for("-", &error);
  REQUIRE(stdin_profile);
  CHECK(stdin_profile->overrides.empty());
  CHECK(path_for_globs("https://example.com/", *url->config) == "");
  CHECK(path_for_globs("-", *url->config) == "");
  ConfigFile discovered;
  discovered.glob_base = dir.path;
  CHECK(path_for_globs((dir.path / "a/./b.xml").string(), discovered) == "a/b.xml");
  // Outside the base: the absolute path, which only globs without a '/' can match.
  CHECK(path_for_globs("/elsewhere/b.xml", discovered) == "elsewhere/b.xml");
}

TEST_CASE("resolve: a broken config file fails every input it governs with the same message") {
  TempDir dir;
  dir.write("sitemaplint.toml", "ignore = [\"SM2O1\"]\n");
  ConfigResolver resolver(CommandLineChoices{}, ConfigSource::Discover);
  std::string first, second;
  CHECK_FALSE(resolver.profile_for(dir.write("a.xml", ""), &first));
  CHECK_FALSE(resolver.profile_for(dir.write("b.xml", ""), &second));
  CHECK(first.starts_with((dir.path / "sitemaplint.toml").string() +
                          ":1:11: 'ignore': unknown rule 'SM2O1'; did you mean 'SM201'?"));
  CHECK(first == second);
}

TEST_CASE("show-config: a profile that runs no rule is written as ignore = [ALL], which reads back") {
  // An empty `select` is refused, so `select = []` would not read back (found by fuzz_config).
  ConfigFile config;
  std::string error;
  REQUIRE(parse_config("select = [\"SM201\"]\nignore = [\"SM201\"]\n", "/p/sitemaplint.toml", &config, &error));
  Profile profile;
  profile.rule_profile = &default_rule_profile();
  profile.selection = profile_selection(default_rule_profile());
  apply_layer(config.rules, &profile.selection);
  REQUIRE(profile.selection.enabled.empty());
  profile.config = &config;
  std::ostringstream shown;
  write_effective_config("sitemap.xml", profile, RunSettings{}, shown);
  CHECK(shown.str().find("select = [") == std::string::npos);
  ConfigFile reread;
  REQUIRE(parse_config(shown.str(), "/p/shown.toml", &reread, &error));
  RuleSelection again = profile_selection(default_rule_profile());
  apply_layer(reread.rules, &again);
  CHECK(again.enabled.empty());
  // One word, not a hundred codes.
  CHECK(shown.str().find("ignore = [\"ALL\"]") != std::string::npos);
  CHECK(reread.rules.ignore.size() == all_rules().size());  // ALL: every rule
}

TEST_CASE("show-config: the effective settings, written as TOML that reads back to the same profile") {
  TempDir dir;
  dir.write("sitemaplint.toml", R"(ignore = ["SM106"]
[severity]
SM502 = "warning"
[[overrides]]
files = ["news/*.xml"]
ignore = ["SM304"]
base-url = "https://example.com/news/sitemap.xml"
)");
  const std::string news = dir.write("news/sitemap.xml", "");
  ConfigResolver resolver(CommandLineChoices{}, ConfigSource::Discover);
  std::string error;
  const Profile* profile = resolver.profile_for(news, &error);
  REQUIRE(profile);
  std::ostringstream shown;
  write_effective_config("news/sitemap.xml", *profile, RunSettings{7, "/srv/site", "/srv/site/robots.txt"}, shown);
  CHECK(shown.str() ==
        "# sitemaplint --show-config: the settings news/sitemap.xml is linted with\n"
        "# from " +
            (dir.path / "sitemaplint.toml").string() +
            ", overrides[0] (files = [\"news/*.xml\"]), then the command line\n"
            "profile = \"default\"\n"
            "# default: Every rule at its own severity: the protocol, its XSD, Google's and Bing's rules and\n"
            "#     sitemaplint's advice\n"
            "#   off (1): SM115 element-without-schema\n"
            "#   because SM115: only a schema validator rejects an element of a namespace it has no schema for; search "
            "engines skip it\n"
            "base-url = \"https://example.com/news/sitemap.xml\"\n"
            "root = \"/srv/site\"\n"
            "max-warnings = 7\n"
            "robots = \"/srv/site/robots.txt\"\n"
            "ignore = [\n"
            "  \"SM106\",  # child-out-of-order\n"
            "  \"SM304\",  # unescaped-apostrophe\n"
            "]\n"
            "\n"
            "[severity]  # rules whose level differs from their default\n"
            "SM502 = \"warning\"  # changefreq-never (default: info)\n");
  ConfigFile reread;
  REQUIRE(parse_config(shown.str(), dir.path / "shown.toml", &reread, &error));
  REQUIRE(reread.profile == &default_rule_profile());
  RuleSelection selection = profile_selection(*reread.profile);
  apply_layer(reread.rules, &selection);
  CHECK(selection.enabled == profile->selection.enabled);
  CHECK(selection.severity_overrides == profile->selection.severity_overrides);
  CHECK(reread.location->url == profile->settings.location->url);
}

TEST_CASE("config: pages and host, for --pages") {
  ConfigFile config;
  std::string error;
  REQUIRE(parse_config("pages = true\nhost = \"cloudflare-pages\"\n", kConfigPath, &config, &error));
  CHECK(config.pages == true);
  CHECK(config.host == "cloudflare-pages");
  const std::string p = kConfigPath.string() + ":";
  CHECK(parse_error("pages = \"yes\"\n") == p + "1:9: 'pages' must be true, false or \"live\"");
  ConfigFile live;
  REQUIRE(parse_config("pages = \"live\"\n", kConfigPath, &live, &error));
  CHECK(live.pages == true);
  CHECK(live.pages_live);
  CHECK_FALSE(config.pages_live);
  CHECK(parse_error("coverage = 1\n") == p + "1:12: 'coverage' must be true or false");
  REQUIRE(parse_config("coverage = true\n", kConfigPath, &config, &error));
  CHECK(config.coverage == true);
  // The live site's keys, as their options.
  ConfigFile polite;
  REQUIRE(parse_config("rate = 2.5\nuser-agent = \"audit/1.0\"\nmax-urls = 500\nsample = 50\ncache = \"live-cache\"\n",
                       kConfigPath, &polite, &error));
  CHECK(polite.rate == 2.5);
  CHECK(polite.user_agent == "audit/1.0");
  CHECK(polite.max_urls == 500u);
  CHECK(polite.sample == 50u);
  CHECK(polite.cache == (kConfigPath.parent_path() / "live-cache").string());
  REQUIRE(parse_config("rate = 3\n", kConfigPath, &polite, &error));  // a whole number is a number too
  CHECK(polite.rate == 3.0);
  CHECK(parse_error("rate = 0\n") ==
        p + "1:8: 'rate' must be a number of requests a second per host, from 0.01 to 1000");
  CHECK(parse_error("rate = \"fast\"\n") ==
        p + "1:8: 'rate' must be a number of requests a second per host, from 0.01 to 1000");
  CHECK(parse_error("user-agent = \"\"\n") ==
        p + "1:14: 'user-agent' must be the User-Agent of live page fetches, one line of text");
  CHECK(parse_error("user-agent = \"a\\nb\"\n") ==
        p + "1:14: 'user-agent' must be the User-Agent of live page fetches, one line of text");
  CHECK(parse_error("max-urls = 0\n") == p + "1:12: 'max-urls' must be a whole number from 1 to 100000000");
  CHECK(parse_error("sample = 1.5\n") == p + "1:10: 'sample' must be a whole number from 1 to 100000000");
  CHECK(parse_error("cache = 3\n") == p + "1:9: 'cache' must be a directory path (a string)");
  // The memory the set's checks may hold, as --memory-limit.
  ConfigFile bounded;
  REQUIRE(parse_config("memory-limit = \"256MiB\"\n", kConfigPath, &bounded, &error));
  CHECK(bounded.memory_limit == "256MiB");
  CHECK(parse_error("memory-limit = 256\n") ==
        p + "1:16: 'memory-limit' must be a size such as \"256MiB\" or \"2G\", or \"none\"");
  CHECK(parse_error("memory-limit = \"lots\"\n") ==
        p + "1:16: 'memory-limit' must be a size such as \"256MiB\" or \"2G\", or \"none\"");
  CHECK(parse_error("[[overrides]]\nfiles = [\"a.xml\"]\nrate = 1\n").find("concerns the whole run") !=
        std::string::npos);
  CHECK(parse_error("host = \"heroku\"\n") ==
        p + "1:8: 'host' must be one of plain, github-pages, netlify, cloudflare-pages or vercel");
  CHECK(parse_error("[[overrides]]\nfiles = [\"a.xml\"]\npages = true\n").find("concerns the whole run") !=
        std::string::npos);
}
