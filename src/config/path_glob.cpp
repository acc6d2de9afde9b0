#include "config/path_glob.h"

#include <fnmatch.h>

#include <string>
#include <vector>

namespace sitemaplint {
namespace {

// A path's segments, without empty ones ("a//b", a leading '/') or "." ones.
std::vector<std::string> segments(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t slash = std::min(text.find('/', start), text.size());
    const std::string_view segment = text.substr(start, slash - start);
    if (!segment.empty() && segment != ".") out.emplace_back(segment);
    start = slash + 1;
  }
  return out;
}

// Whether glob segments [g, end) match path segments [p, count). '**' may take any number of
// segments; each (g, p) pair is decided once (`memo`), so several '**' stay polynomial instead of
// trying every split of every split.
bool match_from(const std::vector<std::string>& glob, std::size_t g, const std::vector<std::string>& path,
                std::size_t p, std::size_t count, std::vector<signed char>& memo) {
  if (g == glob.size()) return p == count;
  signed char& known = memo[g * (count + 1) + p];
  if (known >= 0) return known;
  bool result = false;
  if (glob[g] == "**") {
    for (std::size_t skip = p; skip <= count && !result; ++skip)
      result = match_from(glob, g + 1, path, skip, count, memo);
  } else {
    // FNM_PERIOD off: "*.xml" matches ".hidden.xml" too, as a user listing *.xml expects.
    result = p < count && ::fnmatch(glob[g].c_str(), path[p].c_str(), 0) == 0 &&
             match_from(glob, g + 1, path, p + 1, count, memo);
  }
  known = result;
  return result;
}

}  // namespace

std::string glob_problem(std::string_view glob) {
  if (glob.find('\\') != std::string_view::npos) return "globs separate folders with '/', not '\\'";
  const std::vector<std::string> parts = segments(glob);
  for (const std::string& segment : parts) {
    if (segment == "..") return "globs cannot reach above the config file's directory ('..')";
  }
  if (parts.empty()) return "a glob needs at least one name or pattern";
  return {};
}

bool glob_matches(std::string_view glob, std::string_view path, bool path_is_directory) {
  const bool directory_only = glob.ends_with('/');
  const std::string_view body = directory_only ? glob.substr(0, glob.size() - 1) : glob;
  std::vector<std::string> pattern = segments(body);
  if (pattern.empty()) return false;
  // As in .gitignore, a '/' at the start or in the middle anchors the glob to the base directory;
  // otherwise it matches at any depth. "./" at the start anchors too and is otherwise ignored.
  const bool anchored = body.find('/') != std::string_view::npos;
  if (!anchored) pattern.insert(pattern.begin(), "**");
  const std::vector<std::string> parts = segments(path);
  // The path matches when it or one of the folders it lies in does: "legacy/" covers all below it.
  for (std::size_t count = 1; count <= parts.size(); ++count) {
    const bool is_folder = count < parts.size() || path_is_directory;
    if (directory_only && !is_folder) continue;
    std::vector<signed char> memo(pattern.size() * (count + 1), -1);
    if (match_from(pattern, 0, parts, 0, count, memo)) return true;
  }
  return false;
}

}  // namespace sitemaplint
