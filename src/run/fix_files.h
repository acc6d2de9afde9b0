// --fix and --diff over the files of a run: each file fixed with its own profile, written
// atomically with --fix, shown as a unified diff with --diff (which writes nothing, even with
// --fix), and standard input fixed onto standard output (for editors' format-on-save).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "engine/profile.h"

namespace sitemaplint {

enum class FixMode { Write, Diff };

// Applies the rules' fixes to each file (not URLs or gzip): Write replaces the file atomically,
// Diff prints a unified diff. Returns the number of files that change, or -1 on an error that
// makes the run unusable. `given`: the inputs as named on the command line, before directories
// were searched (a file found in a directory is rewritten only if it lies in that directory).
// A file that is not fixed is said so on standard error, and linted as it is: anything but a
// regular file (never opened, so a FIFO cannot block the run), and with Write a read-only file, a
// file with more than one hard link (replacing it would break the link), and a symbolic link from
// a searched directory to a file outside it.
int fix_files(const std::vector<std::string>& paths, const std::vector<std::string>& given,
              const ProfileLookup& profile_for, FixMode mode);

// --fix -: `text` (standard input, linted as `name`) with its fixes applied.
std::string fix_text(const std::string& name, const std::string& text, const ProfileLookup& profile_for,
                     std::string* error);

}  // namespace sitemaplint
