// --force-exclude: a file named on the command line is dropped as a directory search would drop
// it (pre-commit names every changed file, so the config's exclude could not apply otherwise).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/options.h"
#include "config/resolve.h"

namespace sitemaplint {

// Drops the excluded files of `paths`. Standard input named by --stdin-filename is judged by that
// name; under --fix it then goes back out unchanged, as an editor's format-on-save expects its text
// back: the run is then over, and its exit code returned.
std::optional<int> force_exclude(const CliOptions& options, ConfigResolver& configs, std::vector<std::string>* paths);

}  // namespace sitemaplint
