// The source layout is an architecture: layers that include only downwards, rule families that
// include only their own folder, the shared kits and the families they are allowed to build on, and
// a section of CONTRIBUTING.md that names every folder and file as they are.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "test_support.h"

namespace fs = std::filesystem;
using namespace sitemaplint::testing;

namespace {

// Lowest first. A file may include its own layer and those below it. rules/ sits on src/ (what
// rules see) and src/analysis only; the engine, which runs the rules, above them. The .def lists
// are data that any layer may include. Every folder of src/ has a layer here.
const std::map<std::string, int>& layers() {
  static const std::map<std::string, int> kLayers = {
      {"src/analysis/", 0}, {"src/", 1},      {"rules/", 2},   {"src/engine/", 3}, {"src/load/", 4},
      {"src/pages/", 4},    {"src/live/", 4}, {"src/run/", 5}, {"src/config/", 6}, {"src/docs/", 7},
      {"src/report/", 8},   {"src/lsp/", 9},  {"src/api/", 9}, {"src/cli/", 10},
  };
  return kLayers;
}

int layer_of(const std::string& path) {
  int best = -1;
  std::size_t best_length = 0;
  for (const auto& [prefix, layer] : layers()) {
    if (path.starts_with(prefix) && prefix.size() > best_length) {
      best = layer;
      best_length = prefix.size();
    }
  }
  return best;
}

// The families a family may include besides itself: only another family's utils/ (what it
// shares), and never in a cycle. SM803 and the hreflang graph share the pages every file keeps;
// PAGE203 reads a <url>'s links as the hreflang rules read them.
const std::map<std::string, std::set<std::string>>& family_includes() {
  static const std::map<std::string, std::set<std::string>> kAllowed = {{"site", {"hreflang"}}, {"page", {"hreflang"}}};
  return kAllowed;
}

std::vector<std::string> sources_under(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(source_path(folder))) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".h" || ext == ".cpp") out.push_back(fs::relative(entry.path(), source_path("")).string());
  }
  return out;
}

// Every folder under `folder`, as "src/engine/" (relative to the source tree, with a final '/').
std::vector<std::string> folders_under(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(source_path(folder))) {
    if (entry.is_directory()) out.push_back(fs::relative(entry.path(), source_path("")).string() + "/");
  }
  return out;
}

// Where an include written from src/ or the project root points.
std::string resolve_include(const std::string& name) {
  if (name.starts_with("rules/")) return name;
  if (fs::exists(source_path("src/" + name))) return "src/" + name;
  return "";  // generated (docs_url.h) or a system header in quotes
}

// Each source file's includes (resolved, .def lists left out), by file.
std::map<std::string, std::vector<std::string>> includes_of(const std::string& folder) {
  static const std::regex include(R"re(#include "([^"]+)")re");
  std::map<std::string, std::vector<std::string>> out;
  for (const std::string& file : sources_under(folder)) {
    std::istringstream lines(read_file(source_path(file)));
    std::string line;
    while (std::getline(lines, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, include) || m[1].str().ends_with(".def")) continue;
      if (std::string target = resolve_include(m[1]); !target.empty()) out[file].push_back(std::move(target));
    }
  }
  return out;
}

// "rules/video/utils/x.h" -> "video"; "rules/extension/x.h" -> "extension"; "rules/rule_support.h" -> "".
std::string rules_folder(const std::string& path) {
  const std::size_t slash = path.find('/', 6);
  return slash == std::string::npos ? "" : path.substr(6, slash - 6);
}

std::string layout_block() {
  const std::string contributing = read_file(source_path("CONTRIBUTING.md"));
  const auto begin = contributing.find("<!-- layout:begin -->");
  const auto end = contributing.find("<!-- layout:end -->");
  REQUIRE_MESSAGE(begin != std::string::npos, "CONTRIBUTING.md lacks the layout:begin marker");
  REQUIRE(end != std::string::npos);
  return contributing.substr(begin, end - begin);
}

}  // namespace

TEST_CASE("layout: no include points up a layer") {
  std::size_t checked = 0;
  for (const std::string& folder : {std::string("src"), std::string("rules")}) {
    for (const auto& [source, targets] : includes_of(folder)) {
      const std::string& file = source;  // clang 14 cannot capture a structured binding in CAPTURE's lambda
      for (const std::string& target : targets) {
        CAPTURE(file);
        CAPTURE(target);
        CHECK_MESSAGE(layer_of(target) <= layer_of(file), file << " includes " << target << ", a higher layer");
        ++checked;
      }
    }
  }
  CHECK(checked > 100);
  // A folder without a layer would escape the check: every folder of src/ has one.
  for (const std::string& folder : folders_under("src")) {
    CHECK_MESSAGE(layers().count(folder) == 1, folder << " has no layer in tests/layout_test.cpp");
  }
}

TEST_CASE(
    "layout: a rule family includes its own folder, the shared kits and another family's utils/ only as allowed") {
  std::map<std::string, std::set<std::string>> graph;  // family -> the families it includes
  std::size_t checked = 0;
  for (const auto& [source, targets] : includes_of("rules")) {
    const std::string& file = source;  // clang 14 cannot capture a structured binding in CAPTURE's lambda
    const std::string from = rules_folder(file);
    for (const std::string& target : targets) {
      if (!target.starts_with("rules/")) continue;
      const std::string to = rules_folder(target);
      CAPTURE(file);
      CAPTURE(target);
      ++checked;
      // rules/rule_support.h (every rule's) and rules/extension/ (the extension families' kit) are
      // shared by all; the kit itself includes no family.
      if (to.empty() || to == from) continue;
      if (to == "extension") {
        CHECK_MESSAGE(!from.empty(), "rules/" << file << " includes the extension kit");
        continue;
      }
      CHECK_MESSAGE(from != "extension", "the extension kit includes the family " << to);
      CHECK_MESSAGE(target.starts_with("rules/" + to + "/utils/"),
                    file << " includes a file of the family " << to << " outside its utils/");
      const auto allowed = family_includes().find(from);
      CHECK_MESSAGE(
          (allowed != family_includes().end() && allowed->second.count(to) == 1),
          "the family " << from << " includes the family " << to << ", which tests/layout_test.cpp does not allow");
      graph[from].insert(to);
    }
  }
  CHECK(checked > 100);
  // No family depends on itself through others: the allowed includes form no cycle.
  std::map<std::string, int> state;  // 1: on the path, 2: done
  std::function<void(const std::string&)> visit = [&](const std::string& family) {
    state[family] = 1;
    const auto next = family_includes().find(family);
    if (next != family_includes().end()) {
      for (const std::string& to : next->second) {
        CHECK_MESSAGE(state[to] != 1, "the families " << family << " and " << to << " include each other");
        if (state[to] == 0) visit(to);
      }
    }
    state[family] = 2;
  };
  for (const auto& [family, _] : family_includes()) {
    if (state[family] == 0) visit(family);
  }
}

TEST_CASE("layout: CONTRIBUTING.md's layout section names every folder and file, and nothing that is gone") {
  const std::string block = layout_block();
  // Every source file by its stem ("walker" for src/engine/walker.h and .cpp).
  std::set<std::string> stems;
  for (const std::string& file : sources_under("src")) stems.insert(fs::path(file).stem().string());
  for (const std::string& stem : stems) {
    CHECK_MESSAGE(std::regex_search(block, std::regex("\\b" + stem + "\\b")),
                  "the layout in CONTRIBUTING.md does not name " << stem);
  }
  // Every folder of src/ and rules/ by its path (a family's folder by its name, and its utils/ as
  // rules/<family>/utils/).
  for (const std::string& folder : folders_under("src")) {
    CHECK_MESSAGE(block.find(folder) != std::string::npos, "the layout in CONTRIBUTING.md does not name " << folder);
  }
  for (const std::string& folder : folders_under("rules")) {
    const std::string inside = folder.substr(6, folder.size() - 7);  // "video", "video/utils"
    if (inside.find('/') == std::string::npos) {
      CHECK_MESSAGE(std::regex_search(block, std::regex("\\b" + inside + "\\b")),
                    "the layout in CONTRIBUTING.md does not name " << folder);
    } else {
      const std::string sub = inside.substr(inside.find('/') + 1);
      CHECK_MESSAGE(block.find("rules/<family>/" + sub + "/") != std::string::npos,
                    "the layout in CONTRIBUTING.md does not name " << folder << " (as rules/<family>/" << sub << "/)");
    }
  }
  // Every path it names exists.
  const std::regex path(R"((?:src|rules|tests|testdata|bench|fuzz|\.ci)/[A-Za-z0-9_./<>-]*)");
  for (auto it = std::sregex_iterator(block.begin(), block.end(), path); it != std::sregex_iterator(); ++it) {
    std::string named = it->str();
    if (named.find('<') != std::string::npos) continue;  // a pattern such as rules/<family>/
    while (!named.empty() && (named.back() == '.' || named.back() == '*')) named.pop_back();
    CHECK_MESSAGE(fs::exists(source_path(named)),
                  "the layout in CONTRIBUTING.md names " << named << ", which does not exist");
  }
}
