// --fix and --diff over the files of a run: each file fixed with its own profile, written
// atomically with --fix, shown as a unified diff with --diff.
#pragma once

#include <string>
#include <vector>

#include "profile.h"

namespace sitemaplint {

// Applies the rules' fixes to each file (not stdin, URLs or gzip), writing the
// file atomically with --fix and printing a unified diff with --diff. Returns the number of files
// that change, or -1 on an error that makes the run unusable.
int fix_files(const std::vector<std::string>& paths, const ProfileLookup& profile_for, bool write, bool show_diff);

}  // namespace sitemaplint
