#include "run/fix_files.h"

#include <iostream>

#include "analysis/message_text.h"
#include "load/source.h"
#include "run/fix.h"
#include "run/lint_many.h"

namespace sitemaplint {

int fix_files(const std::vector<std::string>& paths, const ProfileLookup& profile_for, FixMode mode) {
  int changed = 0;
  std::size_t total = 0;
  for (const std::string& path : paths) {
    if (path == "-" || is_url(path)) {
      std::cerr << "sitemaplint: error: " << path << ": --diff works on files only; --fix - fixes standard input "
                << "alone\n";
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
    if (mode == FixMode::Diff) {
      std::cout << unified_diff(path, input.bytes, fixed);
    } else if (!write_atomically(path, fixed, &error)) {
      std::cerr << "sitemaplint: error: " << error << '\n';
      return -1;
    }
  }
  if (mode == FixMode::Write && changed > 0) {
    std::cerr << "sitemaplint: applied " << total << (total == 1 ? " fix" : " fixes") << " in "
              << counted(static_cast<std::size_t>(changed), "file") << '\n';
  }
  return changed;
}

std::string fix_text(const std::string& name, const std::string& text, const ProfileLookup& profile_for,
                     std::string* error) {
  const Profile* profile = profile_for(name, error);
  if (!profile) return text;
  std::size_t applied = 0;
  return fix_until_stable(name, text, profile->selection, profile->settings, &applied);
}

}  // namespace sitemaplint
