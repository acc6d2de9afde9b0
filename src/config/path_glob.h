// Matching file paths against a config file's globs ([[overrides]] files, exclude) the way
// .gitignore does: '*', '?' and '[...]' within one path segment, '**' for any number of folders; a
// glob with a '/' at its start or middle is anchored to the base directory, one without matches at
// any depth; a trailing '/' matches folders only; a path matches when one of its folders does.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// Why `glob` cannot be used ('\' separators, '..' segments, nothing to match); empty when it can.
std::string glob_problem(std::string_view glob);

// Whether `path` ('/'-separated, relative to the base directory) matches `glob`.
bool glob_matches(std::string_view glob, std::string_view path, bool path_is_directory = false);

}  // namespace sitemaplint
