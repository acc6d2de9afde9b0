#include "run/directory_search.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "run/lint_many.h"

namespace sitemaplint {

namespace fs = std::filesystem;

namespace {

// Hidden entries (.git, .cache, .next) and installed packages hold copies and tools' files, not the
// site's sitemaps: a search passes over them, as ripgrep and ruff do. Named on the command line,
// they are searched.
bool passed_over(const std::string& name) { return name.starts_with('.') || name == "node_modules"; }

}  // namespace

DirectorySearch search_directory(const std::string& directory,
                                 const std::function<bool(const std::string&, bool)>& excluded,
                                 const std::function<void(const std::string&)>& before_entry) {
  DirectorySearch search;
  // Every call below takes an error_code: one that threw would end the whole search.
  std::vector<fs::path> folders = {directory};
  while (!folders.empty()) {
    const fs::path folder = std::move(folders.back());
    folders.pop_back();
    std::error_code ec;
    fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
      const fs::path& path = it->path();
      if (before_entry) before_entry(path.string());
      if (passed_over(path.filename().string())) continue;
      // The type the listing gave, where the file system gives one (most do): what the entry is by
      // now, its search or its reading finds out, and reports.
      std::error_code type_error;
      const bool link = it->is_symlink(type_error);
      if (!link && it->is_directory(type_error)) {
        if (excluded && excluded(path.string(), true)) {
          search.excluded_any = true;  // an excluded folder is not even searched
        } else {
          folders.push_back(path);
        }
        continue;
      }
      // A link to a folder is not followed (the search could loop); to anything else, it is a file.
      if (link && fs::is_directory(fs::status(path, type_error))) continue;
      if (!looks_like_sitemap_file(path.filename().string())) continue;
      if (excluded && excluded(path.string(), false)) {
        search.excluded_any = true;
        continue;
      }
      search.found.push_back(path.string());  // reading it says what is wrong with it, if anything
    }
    if (!ec) continue;
    if (folder == fs::path(directory)) {
      search.error = directory + ": " + ec.message();
      return search;
    }
    search.unusable.emplace_back(folder.string(), folder.string() + ": " + ec.message());
  }
  std::sort(search.found.begin(), search.found.end());
  std::sort(search.unusable.begin(), search.unusable.end());
  return search;
}

}  // namespace sitemaplint
