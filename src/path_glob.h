// Matching file paths against the globs of a config file's [[overrides]], the way .gitignore and
// ruff's per-file settings do: '*', '?' and '[...]' within one path segment, '**' for any number of
// directories, and a glob without '/' matching a file name in any directory.
#pragma once

#include <string_view>

namespace sitemaplint {

// Whether `path` (relative, '/'-separated, no "." or ".." segments) matches `glob`.
bool glob_matches(std::string_view glob, std::string_view path);

}  // namespace sitemaplint
