#include <sstream>

#include "config/config_file.h"
#include "config/path_glob.h"
#include "config/show.h"
#include "engine/rule_profiles.h"
#include "fuzz_targets.h"

namespace sitemaplint::fuzz {
namespace {

const std::filesystem::path kPath = "/fuzz/project/sitemaplint.toml";

Profile top_level_profile(const ConfigFile& config) {
  Profile profile;
  // As resolve does: the file's profile, or the default one.
  profile.rule_profile = config.profile ? config.profile : &default_rule_profile();
  profile.selection = profile_selection(*profile.rule_profile);
  apply_layer(config.rules, &profile.selection);
  profile.settings.location = config.location;
  profile.config = &config;
  return profile;
}

bool same_choices(const RuleSelection& a, const RuleSelection& b) {
  if (a.enabled != b.enabled) return false;
  for (const RuleInfo* rule : a.enabled) {
    if (a.severity_of(*rule) != b.severity_of(*rule)) return false;
  }
  return true;
}

}  // namespace

// A sitemaplint.toml: parsed and validated; its globs matched against a few paths; and what
// --show-config prints for it, which is itself a config that must give the same settings.
void config(std::string_view data) {
  ConfigFile config;
  std::string error;
  if (!parse_config(data, kPath, &config, &error)) {
    require(!error.empty(), "a config refused without a message");
    return;
  }
  for (const std::string& glob : config.exclude) {
    for (const char* path : {"sitemap.xml", "public/news/sitemap-1.xml.gz", "a/b/c/d/e/f/g/h/i/j"}) {
      glob_matches(glob, path, false);
      glob_matches(glob, path, true);
    }
  }
  for (const ConfigOverride& override : config.overrides) {
    for (const std::string& glob : override.files) glob_matches(glob, "public/news/sitemap-1.xml.gz", false);
  }

  const Profile profile = top_level_profile(config);
  const RunSettings run{config.max_warnings, config.root, config.robots};
  std::ostringstream shown;
  write_effective_config("fuzz/sitemap.xml", profile, run, shown);
  ConfigFile again;
  if (!parse_config(shown.str(), kPath, &again, &error))
    fail("--show-config printed a config that does not parse: " + error);
  require(same_choices(top_level_profile(again).selection, profile.selection),
          "--show-config changed the rules or levels");
  require((again.location ? again.location->url : "") == (config.location ? config.location->url : ""),
          "--show-config changed base-url");
  require(again.max_warnings == config.max_warnings && again.root == config.root && again.robots == config.robots &&
              again.exclude == config.exclude,
          "--show-config changed max-warnings, root, robots or exclude");
}

}  // namespace sitemaplint::fuzz
