// extend = "...": a project's sitemaplint.toml built on a shared one, as ruff's `extend` and
// ESLint's `extends` do. The shared file's settings come first and the project's win, key by key.
#pragma once

#include "config/config_file.h"

namespace sitemaplint {

// `config` with what it leaves unset taken from `base`, which it extends: each top-level setting
// the config does not give, the rule choices as if `base`'s layer were applied before its own,
// `base`'s [[overrides]] before its own. What is taken is recorded in config->inherited.
void inherit_from(const ConfigFile& base, ConfigFile* config);

}  // namespace sitemaplint
