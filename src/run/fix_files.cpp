#include "run/fix_files.h"

#include <iostream>

#include "run/fix.h"
#include "run/lint_many.h"
#include "load/source.h"

namespace sitemaplint {

int fix_files(const std::vector<std::string>& paths, const ProfileLookup& profile_for, bool write, bool show_diff) {
  int changed = 0;
  std::size_t total = 0;
  for (const std::string& path : paths) {
    if (path == "-" || is_url(path)) {
      std::cerr << "sitemaplint: error: " << path << ": --fix and --diff work on files only\n";
      return -1;
    }
    Input input;
    std::string error;
    if (!load_input(path, &input, &error)) {
      std::cerr << "sitemaplint: error: " << error << '\n';
      return -1;
    }
    if (input.compressed) {
      std::cerr << "sitemaplint: " << path << ": compressed files are not fixed; fix the uncompressed file\n";
      continue;
    }
    const Profile* profile = profile_for(path, &error);
    if (!profile) {
      std::cerr << "sitemaplint: error: " << error << '\n';
      return -1;
    }
    std::size_t applied = 0;
    const std::string fixed = fix_until_stable(path, input.bytes, profile->selection, profile->settings, &applied);
    if (fixed == input.bytes) continue;
    ++changed;
    total += applied;
    if (show_diff) std::cout << unified_diff(path, input.bytes, fixed);
    if (write && !write_atomically(path, fixed, &error)) {
      std::cerr << "sitemaplint: error: " << error << '\n';
      return -1;
    }
  }
  if (write && changed > 0) {
    std::cerr << "sitemaplint: applied " << total << " fix" << (total == 1 ? "" : "es") << " in " << changed
              << " file" << (changed == 1 ? "" : "s") << '\n';
  }
  return changed;
}

}  // namespace sitemaplint
