#include "config/config_extend.h"

namespace sitemaplint {
namespace {

// `base`'s layer applied, then `config`'s (engine/registry.h apply_layer), as one layer.
RuleLayer layered(const RuleLayer& base, const RuleLayer& config) {
  RuleLayer out;
  if (config.select) {  // a select replaces what came before it, ignores included
    out.select = config.select;
    out.ignore = config.ignore;
  } else {
    out.select = base.select;
    out.ignore = base.ignore;
    out.ignore.insert(out.ignore.end(), config.ignore.begin(), config.ignore.end());
  }
  out.severity = base.severity;  // applied in order: the config's levels win
  out.severity.insert(out.severity.end(), config.severity.begin(), config.severity.end());
  return out;
}

}  // namespace

const std::filesystem::path& ConfigFile::origin_of(std::string_view key) const {
  for (const auto& [name, from] : inherited) {
    if (name == key) return from;
  }
  return path;
}

void inherit_from(const ConfigFile& base, ConfigFile* config) {
  const auto take = [&](auto& mine, const auto& theirs, std::string_view key) {
    if (mine || !theirs) return;
    mine = theirs;
    config->inherited.emplace_back(key, base.origin_of(key));
  };
  take(config->profile, base.profile, "profile");
  take(config->location, base.location, "base-url");
  if (!config->root && !config->root_refused) {
    take(config->root, base.root, "root");
    config->root_refused = base.root_refused;
  }
  take(config->max_warnings, base.max_warnings, "max-warnings");
  take(config->min_severity, base.min_severity, "min-severity");
  if (!config->robots && !config->robots_refused) {
    take(config->robots, base.robots, "robots");
    config->robots_refused = base.robots_refused;
  }
  if (!config->pages && base.pages) config->pages_live = base.pages_live;
  take(config->pages, base.pages, "pages");
  take(config->host, base.host, "host");
  take(config->coverage, base.coverage, "coverage");
  take(config->rate, base.rate, "rate");
  take(config->user_agent, base.user_agent, "user-agent");
  take(config->max_urls, base.max_urls, "max-urls");
  take(config->sample, base.sample, "sample");
  take(config->memory_limit, base.memory_limit, "memory-limit");
  if (!config->cache && !config->cache_refused) {
    take(config->cache, base.cache, "cache");
    config->cache_refused = base.cache_refused;
  }
  if (config->exclude.empty() && !base.exclude.empty()) {
    config->exclude = base.exclude;
    config->inherited.emplace_back("exclude", base.origin_of("exclude"));
  }
  const bool own_rules = config->rules.select || !config->rules.ignore.empty() || !config->rules.severity.empty();
  const bool base_rules = base.rules.select || !base.rules.ignore.empty() || !base.rules.severity.empty();
  if (base_rules && !own_rules) config->inherited.emplace_back("rules", base.origin_of("rules"));
  config->rules = layered(base.rules, config->rules);
  std::vector<ConfigOverride> overrides = base.overrides;
  overrides.insert(overrides.end(), config->overrides.begin(), config->overrides.end());
  config->overrides = std::move(overrides);
}

}  // namespace sitemaplint
