// The documentation as files: docs/rules.md and docs/profiles.md are the pages the metadata
// generates, every rule has its section there, and the links between the Markdown files of the
// project lead to files and headings that exist.
#include <doctest/doctest.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "engine/registry.h"
#include "docs/reference_docs.h"
#include "docs/rule_docs.h"
#include "test_support.h"

namespace fs = std::filesystem;
using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

// Whether the checked-in page `path` is `generated`; when not, a message with the first line that
// differs and the command that regenerates it (the whole page would bury the difference).
void check_current(const std::string& path, const std::string& generated, const std::string& page) {
  const std::string written = read_file(source_path(path));
  if (written == generated) return;
  std::istringstream a(written), b(generated);
  std::string line_a, line_b;
  int line = 0;
  while (true) {
    ++line;
    const bool more_a = static_cast<bool>(std::getline(a, line_a)), more_b = static_cast<bool>(std::getline(b, line_b));
    if (!more_a) line_a = "(end of file)";
    if (!more_b) line_b = "(end of page)";
    if (line_a != line_b || !more_a || !more_b) break;
  }
  FAIL_CHECK(path << " is stale; regenerate it with tests/update-readme.sh (sitemaplint --generate-docs " << page
                  << ").\n  line " << line << " is:       " << line_a << "\n  generated, it is: " << line_b);
}

// The Markdown files users and contributors read, relative to the source tree.
const std::vector<std::string> kMarkdownFiles = {
    "README.md",          "CONTRIBUTING.md",  "CHANGELOG.md",
    "bench/README.md",    "docs/usage.md",    "docs/configuration.md",
    "docs/extensions.md", "docs/output.md",   "docs/integrations.md",
    "docs/rules.md",      "docs/profiles.md", "docs/architecture.md",
    "docs/pages.md",
};

// A line that opens or closes a code fence (in a list item, it is indented).
bool is_fence(const std::string& line) {
  const std::size_t text = line.find_first_not_of(' ');
  return text != std::string::npos && line.compare(text, 3, "```") == 0;
}

// The anchors GitHub gives the headings of a Markdown text: lower case, punctuation dropped but
// hyphens and underscores, spaces as hyphens; a repeated heading gets -1, -2, ... Lines inside
// code fences are not headings.
std::set<std::string> heading_anchors(const std::string& markdown) {
  std::set<std::string> anchors;
  std::map<std::string, int> seen;
  std::istringstream lines(markdown);
  std::string line;
  bool in_fence = false;
  while (std::getline(lines, line)) {
    if (is_fence(line)) {
      in_fence = !in_fence;
      continue;
    }
    if (in_fence || !line.starts_with('#')) continue;
    const std::size_t text = line.find_first_not_of('#');
    if (text == std::string::npos || line[text] != ' ') continue;
    std::string anchor;
    for (const char c : line.substr(text + 1)) {
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')
        anchor += static_cast<char>(std::tolower(c));
      else if (c == ' ') anchor += '-';
    }
    const int n = seen[anchor]++;
    anchors.insert(n == 0 ? anchor : anchor + "-" + std::to_string(n));
  }
  return anchors;
}

// The relative links of a Markdown text outside code fences and code spans: [text](target).
std::vector<std::string> relative_links(const std::string& markdown) {
  std::vector<std::string> links;
  std::istringstream lines(markdown);
  std::string line;
  bool in_fence = false;
  const std::regex link(R"(\]\(([^)\s]+)\))");
  while (std::getline(lines, line)) {
    if (is_fence(line)) {
      in_fence = !in_fence;
      continue;
    }
    if (in_fence) continue;
    const std::string outside_code = std::regex_replace(line, std::regex("`[^`]*`"), "``");
    for (auto it = std::sregex_iterator(outside_code.begin(), outside_code.end(), link); it != std::sregex_iterator();
         ++it) {
      const std::string target = (*it)[1];
      if (target.find("://") == std::string::npos && !target.starts_with("mailto:")) links.push_back(target);
    }
  }
  return links;
}

}  // namespace

TEST_CASE("docs/rules.md is the page generated from the rule metadata") {
  check_current("docs/rules.md", rules_reference_markdown(), "rules");
}

TEST_CASE("docs/profiles.md is the page generated from the profiles") {
  check_current("docs/profiles.md", profiles_reference_markdown(), "profiles");
}

TEST_CASE("reference docs: --generate-docs prints the pages, and only those") {
  const auto rules = run_cli({"--generate-docs", "rules"});
  CHECK(rules.exit_code == 0);
  CHECK(rules.out == rules_reference_markdown());
  const auto profiles = run_cli({"--generate-docs", "profiles"});
  CHECK(profiles.exit_code == 0);
  CHECK(profiles.out == profiles_reference_markdown());
  const auto other = run_cli({"--generate-docs", "usage"});
  CHECK(other.exit_code == 2);
  CHECK(other.out.empty());
  // A documentation page is generated, not an option users call: --help does not list it.
  CHECK(run_cli({"--help"}).out.find("--generate-docs") == std::string::npos);
}

TEST_CASE("reference docs: each rule has its section, linked from the index, with its docs under its heading") {
  const std::string page = rules_reference_markdown();
  const std::set<std::string> anchors = heading_anchors(page);
  for (const RuleInfo* rule : all_rules()) {
    CAPTURE(rule->code);
    const std::string heading = std::string(rule->code) + " " + std::string(rule->name);
    const std::size_t at = page.find("\n### " + heading + "\n");
    REQUIRE(at != std::string::npos);
    // The index links to the heading's anchor.
    const std::string anchor = *heading_anchors("# " + heading).begin();
    CHECK(anchors.count(anchor));
    CHECK(page.find("| [" + std::string(rule->code) + "](#" + anchor + ") |") != std::string::npos);
    // The facts, then the rule's own docs with its sections one level below the rule's heading:
    // with them raised again, the docs are there as written, examples and all.
    const std::size_t next = page.find("\n### ", at + 1);
    std::string section = page.substr(at, next == std::string::npos ? std::string::npos : next - at);
    CHECK(section.find("\n- Default severity: " + std::string(severity_name(rule->default_severity)) + "\n") !=
          std::string::npos);
    if (!rule->search_console.empty()) {
      CHECK(section.find("\n- Search Console: \"" + std::string(rule->search_console) + "\"\n") != std::string::npos);
    }
    CHECK(section.find("\n#### What it does\n") != std::string::npos);
    for (std::size_t h = section.find("\n#### "); h != std::string::npos; h = section.find("\n#### ", h)) {
      section.erase(h + 1, 2);
    }
    std::string_view docs = rule->docs;
    while (docs.starts_with('\n')) docs.remove_prefix(1);
    while (docs.ends_with('\n')) docs.remove_suffix(1);
    CHECK(section.find(docs) != std::string::npos);
  }
}

TEST_CASE("reference docs: the index of docs/rules.md is the table --list-rules markdown prints, codes linked") {
  const std::string page = rules_reference_markdown();
  const std::string index = page.substr(page.find("\n## Index\n"));
  std::istringstream rows(rule_table_markdown());
  std::string row;
  std::size_t checked = 0;
  while (std::getline(rows, row)) {
    CAPTURE(row);
    if (!row.starts_with("| ") || row.starts_with("| Code |")) continue;
    const std::string code = row.substr(2, row.find(' ', 2) - 2);
    const RuleInfo* rule = find_rule(code);
    REQUIRE(rule);
    const std::string linked = "| [" + code + "](#" +
                               *heading_anchors("# " + code + " " + std::string(rule->name)).begin() + ")" +
                               row.substr(2 + code.size());
    CHECK(index.find("\n" + linked + "\n") != std::string::npos);
    ++checked;
  }
  CHECK(checked == all_rules().size());
}

TEST_CASE("docs: every relative link between the project's Markdown files leads to a file and heading that exist") {
  std::size_t checked = 0;
  for (const std::string& file : kMarkdownFiles) {
    CAPTURE(file);
    REQUIRE(fs::exists(source_path(file)));
    const std::string text = read_file(source_path(file));
    for (const std::string& link : relative_links(text)) {
      CAPTURE(link);
      const std::size_t hash = link.find('#');
      const std::string path = link.substr(0, hash);
      const std::string target =
          path.empty() ? file : (fs::path(file).parent_path() / path).lexically_normal().string();
      CHECK_MESSAGE(fs::exists(source_path(target)), file << " links to " << link << ", which does not exist");
      if (hash != std::string::npos && fs::exists(source_path(target)) && target.ends_with(".md")) {
        const std::set<std::string> anchors = heading_anchors(read_file(source_path(target)));
        CHECK_MESSAGE(anchors.count(link.substr(hash + 1)),
                      file << " links to " << link << ", a heading " << target << " does not have");
      }
      ++checked;
    }
  }
  CHECK(checked > 50);
}

TEST_CASE("docs: every rule's link (SARIF, the language server, the HTML report) finds its heading") {
  // rule_docs_url's default is docs/rules.md#<the anchor of the rule's heading>.
  const auto anchors = heading_anchors(read_file(source_path("docs/rules.md")));
  for (const RuleInfo* rule : all_rules()) {
    const std::string url = rule_docs_url(*rule);
    if (!url.starts_with("file://")) {
      skip_test("this build sets SITEMAPLINT_DOCS_URL to " + url);
      return;
    }
    CAPTURE(url);
    REQUIRE(url.find('#') != std::string::npos);
    CHECK(anchors.count(url.substr(url.find('#') + 1)));
  }
}
