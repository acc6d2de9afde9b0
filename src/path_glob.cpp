#include "path_glob.h"

#include <fnmatch.h>

#include <string>
#include <vector>

namespace sitemaplint {
namespace {

std::vector<std::string> segments(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t slash = std::min(text.find('/', start), text.size());
    if (slash > start) out.emplace_back(text.substr(start, slash - start));  // "a//b" and a leading '/' add nothing
    start = slash + 1;
  }
  return out;
}

// Whether glob segments [g, end) match path segments [p, end); '**' tries every split, which is
// quadratic at worst in the (short) paths a config file deals with.
bool match_from(const std::vector<std::string>& glob, std::size_t g, const std::vector<std::string>& path,
                std::size_t p) {
  if (g == glob.size()) return p == path.size();
  if (glob[g] == "**") {
    for (std::size_t skip = p; skip <= path.size(); ++skip) {
      if (match_from(glob, g + 1, path, skip)) return true;
    }
    return false;
  }
  // FNM_PERIOD off: "*.xml" matches ".hidden.xml" too, as a user listing *.xml expects.
  return p < path.size() && ::fnmatch(glob[g].c_str(), path[p].c_str(), 0) == 0 && match_from(glob, g + 1, path, p + 1);
}

}  // namespace

bool glob_matches(std::string_view glob, std::string_view path) {
  std::vector<std::string> glob_segments = segments(glob);
  if (glob_segments.empty()) return false;
  if (glob.find('/') == std::string_view::npos) glob_segments.insert(glob_segments.begin(), "**");
  if (glob.ends_with('/')) glob_segments.push_back("**");  // "news/" means everything below news
  return match_from(glob_segments, 0, segments(path), 0);
}

}  // namespace sitemaplint
