// Lists every entry under a folder, on several threads: a build of 50,000 pages is 50,000 folders,
// and listing them one after the other was a fifth of a --pages run. Each folder is opened
// relative to the root's descriptor and read with readdir, whose d_type says what an entry is
// without a stat (std::filesystem's iterator built a path object and asked again for each).
// Symbolic links are not followed: they are returned for the caller to judge.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace sitemaplint {

struct FolderListing {
  // Paths relative to the root, '/'-separated, in no particular order.
  std::vector<std::string> files, folders, links;
  bool complete = false;  // false: a folder could not be read, or there were more than max_entries
};

// Lists `root` with `threads` threads (at least one), up to `max_entries` entries. Folders that
// cannot be opened for lack of permission are left out, as `find` would skip them.
FolderListing list_folder_tree(const std::string& root, unsigned threads, std::size_t max_entries);

}  // namespace sitemaplint
