// What one input is linted with: which rules run at what severity, and the settings they read.
// (A --profile preset, rule_profiles.h, is where its rule choices start.)
// With a config file, inputs can differ (per-path [[overrides]]), so linting asks for each input's
// profile rather than taking one selection for all.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "engine/rule_profiles.h"
#include "engine/engine_options.h"

namespace sitemaplint {

struct ConfigFile;

struct Profile {
  const RuleProfile* rule_profile = nullptr;  // the preset the selection started from (--profile)
  RuleSelection selection;
  Settings settings;
  const ConfigFile* config = nullptr;  // where the choices came from, when a config file applies
  std::vector<std::size_t> overrides;  // the config's [[overrides]] applied, in order
};

// The profile of an input (a file, "-" or a URL); nullptr with *error when it cannot be made
// (a broken config file). Called from several threads at once.
using ProfileLookup = std::function<const Profile*(const std::string& input, std::string* error)>;

// A lookup that gives every input the same profile.
inline ProfileLookup same_profile_for_all(const Profile& profile) {
  return [&profile](const std::string&, std::string*) { return &profile; };
}

}  // namespace sitemaplint
