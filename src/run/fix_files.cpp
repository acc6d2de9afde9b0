#include "run/fix_files.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "analysis/message_text.h"
#include "load/source.h"
#include "run/fix.h"
#include "run/lint_many.h"
#include "run/notice.h"

namespace sitemaplint {
namespace {

// The name a diff gives a file: an absolute path under the current directory as relative to it, so
// that `git apply` and `patch -p1` run from there find it (they refuse absolute names).
std::string diff_name(const std::string& path) {
  namespace fs = std::filesystem;
  if (!path.starts_with('/')) return path;
  std::error_code ec;
  const fs::path relative = fs::path(path).lexically_normal().lexically_relative(fs::current_path(ec));
  if (ec || relative.empty() || *relative.begin() == "..") return path;
  return relative.string();
}

// The directory of `given` whose search found `path`; empty when `path` was named as it is.
std::string searched_directory(const std::string& path, const std::vector<std::string>& given) {
  if (std::find(given.begin(), given.end(), path) != given.end()) return {};
  for (const std::string& directory : given) {
    const std::string prefix = directory.ends_with('/') ? directory : directory + "/";
    if (path.starts_with(prefix)) return directory;
  }
  return {};
}

// Why `path` is not fixed, or empty: looked at without opening it.
std::string not_fixed_because(const std::string& path, const std::vector<std::string>& given, FixMode mode) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return {};  // missing or unreadable: loading says why
  if (!S_ISREG(info.st_mode)) return "not a regular file; only regular files are fixed";
  if (mode == FixMode::Diff) return {};  // a diff writes nothing
  const std::string directory = searched_directory(path, given);
  if (!directory.empty()) {
    std::error_code ec;
    const std::string inside = std::filesystem::canonical(directory, ec).string() + "/";
    const std::string target = std::filesystem::canonical(path, ec).string();
    if (ec || !target.starts_with(inside)) {
      return "a symbolic link to a file outside " + directory + "; linted, never rewritten";
    }
  }
  if ((info.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || ::access(path.c_str(), W_OK) != 0) {
    return "read-only (no write permission); not fixed";
  }
  // A fix replaces the file by a new one (renamed over it): every other name would keep the old.
  if (info.st_nlink > 1) {
    return "has " + std::to_string(info.st_nlink) +
           " hard links, and fixing it would break them; not fixed (--diff shows the fixes, to apply by hand)";
  }
  return {};
}

}  // namespace

int fix_files(const std::vector<std::string>& paths, const std::vector<std::string>& given,
              const ProfileLookup& profile_for, FixMode mode) {
  int changed = 0;
  std::size_t total = 0;
  for (const std::string& path : paths) {
    if (path == "-" || is_url(path)) {
      print_error(path + ": --diff works on files only; --fix - fixes standard input alone");
      return -1;
    }
    if (const std::string why = not_fixed_because(path, given, mode); !why.empty()) {
      print_notice(path + ": " + why);
      continue;
    }
    Input input;
    std::string error;
    if (!load_input(path, &input, &error)) {
      print_error(error);
      return -1;
    }
    if (input.compressed) {
      print_notice(path + ": compressed files are not fixed; fix the uncompressed file");
      continue;
    }
    const Profile* profile = profile_for(path, &error);
    if (!profile) {
      print_error(error);
      return -1;
    }
    std::size_t applied = 0;
    const std::string fixed = fix_until_stable(path, input.bytes, profile->selection, profile->settings, &applied);
    if (fixed == input.bytes) continue;
    ++changed;
    total += applied;
    if (mode == FixMode::Diff) {
      std::cout << unified_diff(diff_name(path), input.bytes, fixed);
    } else if (!write_atomically(path, fixed, &error)) {
      print_error(error);
      return -1;
    }
  }
  if (mode == FixMode::Write && changed > 0) {
    print_notice("applied " + std::to_string(total) + (total == 1 ? " fix" : " fixes") + " in " +
                 counted(static_cast<std::size_t>(changed), "file"));
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
