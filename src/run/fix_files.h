// --fix and --diff over the files of a run: each file fixed with its own profile, written
// atomically with --fix, shown as a unified diff with --diff (which writes nothing, even with
// --fix), and standard input fixed onto standard output (for editors' format-on-save).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "profile.h"

namespace sitemaplint {

enum class FixMode { Write, Diff };

// Applies the rules' fixes to each file (not URLs or gzip): Write replaces the file atomically,
// Diff prints a unified diff. Returns the number of files that change, or -1 on an error that
// makes the run unusable.
int fix_files(const std::vector<std::string>& paths, const ProfileLookup& profile_for, FixMode mode);

// --fix -: `text` (standard input, linted as `name`) with its fixes applied.
std::string fix_text(const std::string& name, const std::string& text, const ProfileLookup& profile_for,
                     std::string* error);

}  // namespace sitemaplint
