// Searching a directory for sitemap files, one folder at a time. What changes while the search
// runs (an entry that vanishes, turns from a file into a folder or back, or cannot be read) is
// that entry's problem, reported with it, and the search goes on with the others: a search that
// stopped at the first such entry linted nothing at all.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace sitemaplint {

struct DirectorySearch {
  // Every entry below whose name looks like a sitemap file and that is not a folder (nor a link to
  // one), outside hidden folders and node_modules, sorted: a regular file, or what reading it will report (a FIFO, a device, a broken
  // link, a file gone since).
  std::vector<std::string> found;
  // Folders below that could not be searched (gone, no longer a folder): the folder, and one line
  // saying why. A folder this user may not read is passed over, as before.
  std::vector<std::pair<std::string, std::string>> unusable;
  bool excluded_any = false;  // `excluded` pruned something
  std::string error;  // the directory itself could not be searched: one line saying why
};

// `excluded(path, is_directory)`, when given, prunes files and folders met during the search.
// `before_entry`, when given, is called with each entry's path after the folder listed it and
// before it is looked at (tests change the entry there).
DirectorySearch search_directory(const std::string& directory,
                                 const std::function<bool(const std::string&, bool)>& excluded = {},
                                 const std::function<void(const std::string&)>& before_entry = {});

}  // namespace sitemaplint
