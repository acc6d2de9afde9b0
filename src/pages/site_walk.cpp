#include "pages/site_walk.h"

#include <algorithm>
#include <filesystem>

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"

namespace sitemaplint {
namespace {

namespace fs = std::filesystem;

// RFC 3986's pchar, and '/': what a path may hold as it is.
bool stands_in_path(unsigned char c) {
  return is_unreserved(c) || std::string_view("!$&'()*+,;=:@/").find(static_cast<char>(c)) != std::string_view::npos;
}

std::string encoded_path(std::string_view path) {
  std::string out;
  out.reserve(path.size());
  append_percent_encoded(path, stands_in_path, &out);
  return out;
}

}  // namespace

std::vector<std::string> html_files_under(const std::string& root) {
  std::vector<std::string> files;
  std::error_code error;
  // Symbolic links to folders are not followed (they may leave the build); the lookup checks
  // that a linked file stays inside before it reads it.
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, error);
  const std::string prefix = (fs::path(root) / "").generic_string();
  for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (name.starts_with('.')) {
      if (it->is_directory(error)) it.disable_recursion_pending();
      continue;
    }
    const std::string lower = ascii_lowered(name);
    if (!lower.ends_with(".html") && !lower.ends_with(".htm")) continue;
    if (!it->is_regular_file(error)) continue;
    // The iterator's paths are `root` joined with the relative one: no need to resolve them again.
    const std::string path = it->path().generic_string();
    files.push_back(path.substr(std::min(path.size(), prefix.size())));
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> url_paths_for(std::string_view relative_file) {
  const std::string path = encoded_path("/" + std::string(relative_file));
  const std::size_t slash = path.rfind('/');
  const std::string_view name = std::string_view(path).substr(slash + 1);
  const std::string_view folder = std::string_view(path).substr(0, slash + 1);
  if (name == "index.html" || name == "index.htm") return {std::string(folder), path};
  const std::string bare = path.substr(0, path.size() - (name.ends_with(".htm") ? 4 : 5));
  return {bare, path, bare + "/"};
}

}  // namespace sitemaplint
