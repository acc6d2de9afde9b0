// The source layout is an architecture: layers that include only downwards, and a section of
// CONTRIBUTING.md that names every folder and file as they are.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
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
// rules see) and src/analysis only; the .def lists are data that any layer may include.
int layer_of(const std::string& path) {
  static const std::map<std::string, int> kLayers = {
      {"src/analysis/", 0}, {"src/", 1}, {"rules/", 2}, {"src/load/", 3}, {"src/run/", 4},
      {"src/config/", 5},   {"src/report/", 6}, {"src/lsp/", 7}, {"src/cli/", 8},
  };
  int best = -1;
  std::size_t best_length = 0;
  for (const auto& [prefix, layer] : kLayers) {
    if (path.starts_with(prefix) && prefix.size() > best_length) {
      best = layer;
      best_length = prefix.size();
    }
  }
  return best;
}

std::vector<std::string> sources_under(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(source_path(folder))) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".h" || ext == ".cpp") out.push_back(fs::relative(entry.path(), source_path("")).string());
  }
  return out;
}

// Where an include written from src/ or the project root points.
std::string resolve_include(const std::string& name) {
  if (name.starts_with("rules/")) return name;
  if (fs::exists(source_path("src/" + name))) return "src/" + name;
  return "";  // generated (docs_url.h) or a system header in quotes
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
  const std::regex include(R"re(#include "([^"]+)")re");
  std::size_t checked = 0;
  for (const std::string& folder : {std::string("src"), std::string("rules")}) {
    for (const std::string& file : sources_under(folder)) {
      std::istringstream lines(read_file(source_path(file)));
      std::string line;
      while (std::getline(lines, line)) {
        std::smatch m;
        if (!std::regex_search(line, m, include) || m[1].str().ends_with(".def")) continue;
        const std::string target = resolve_include(m[1]);
        if (target.empty()) continue;
        CAPTURE(file);
        CAPTURE(target);
        CHECK_MESSAGE(layer_of(target) <= layer_of(file), file << " includes " << target << ", a higher layer");
        ++checked;
      }
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("layout: CONTRIBUTING.md's layout section names every folder and file, and nothing that is gone") {
  const std::string block = layout_block();
  // Every source file by its stem ("walker" for src/walker.h and src/walker.cpp).
  std::set<std::string> stems;
  for (const std::string& file : sources_under("src")) stems.insert(fs::path(file).stem().string());
  for (const std::string& stem : stems) {
    CHECK_MESSAGE(std::regex_search(block, std::regex("\\b" + stem + "\\b")), "the layout in CONTRIBUTING.md does not name " << stem);
  }
  // Every folder of src/ and every rule family.
  for (const auto& entry : fs::directory_iterator(source_path("src"))) {
    if (!entry.is_directory()) continue;
    const std::string folder = "src/" + entry.path().filename().string() + "/";
    CHECK_MESSAGE(block.find(folder) != std::string::npos, "the layout in CONTRIBUTING.md does not name " << folder);
  }
  for (const auto& entry : fs::directory_iterator(source_path("rules"))) {
    if (!entry.is_directory()) continue;
    const std::string family = entry.path().filename().string();
    CHECK_MESSAGE(std::regex_search(block, std::regex("\\b" + family + "\\b")), "the layout in CONTRIBUTING.md does not name rules/" << family);
  }
  // Every path it names exists.
  const std::regex path(R"((?:src|rules|tests|testdata|bench|fuzz|\.ci)/[A-Za-z0-9_./<>-]*)");
  for (auto it = std::sregex_iterator(block.begin(), block.end(), path); it != std::sregex_iterator(); ++it) {
    std::string named = it->str();
    if (named.find('<') != std::string::npos) continue;  // a pattern such as rules/<family>/
    while (!named.empty() && (named.back() == '.' || named.back() == '*')) named.pop_back();
    CHECK_MESSAGE(fs::exists(source_path(named)), "the layout in CONTRIBUTING.md names " << named << ", which does not exist");
  }
}
