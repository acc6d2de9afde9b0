// The settings of the whole run (--root, --robots, --pages and its options, --memory-limit, ...):
// the config of the first input, then the command line's last word.
#pragma once

#include <string>

#include "cli/options.h"
#include "config/config_file.h"
#include "config/show.h"

namespace sitemaplint {

// `project`: the first input's config, or null. False, with *error (a usage error), when an
// option of --pages is given and --pages is not on: a run that silently ignored --coverage would
// be a check the user believes ran.
bool settle_run_settings(const CliOptions& options, const ConfigFile* project, RunSettings* out, std::string* error);

}  // namespace sitemaplint
