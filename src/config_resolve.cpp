#include "config_resolve.h"

#include <system_error>

#include "lint_many.h"
#include "path_glob.h"

namespace sitemaplint {

namespace fs = std::filesystem;

std::string path_for_globs(const std::string& input, const ConfigFile& config) {
  if (input == "-") return {};
  if (is_url(input)) {
    std::string error;
    const auto location = parse_sitemap_location(input, &error);
    return location ? location->path.substr(1) : std::string();
  }
  std::error_code ec;
  const fs::path absolute = fs::absolute(input, ec).lexically_normal();
  const fs::path relative = absolute.lexically_relative(config.glob_base);
  // Outside the base, only globs that match at any depth (no '/' in them) can match.
  if (ec || relative.empty() || *relative.begin() == "..") return absolute.relative_path().generic_string();
  return relative.generic_string();
}

ConfigResolver::ConfigResolver(CommandLineChoices command_line, ConfigSource source, fs::path given)
    : command_line_(std::move(command_line)), source_(source), given_(std::move(given)) {}

const ConfigFile* ConfigResolver::load(const fs::path& path, std::string* error) {
  if (const auto failed = failures_.find(path); failed != failures_.end()) {
    *error = failed->second;
    return nullptr;
  }
  auto& slot = configs_[path];
  if (!slot) {
    auto config = std::make_unique<ConfigFile>();
    if (!load_config(path, config.get(), error)) {
      configs_.erase(path);
      failures_[path] = *error;
      return nullptr;
    }
    std::error_code ec;
    if (source_ == ConfigSource::Given) config->glob_base = fs::current_path(ec);
    slot = std::move(config);
  }
  return slot.get();
}

const ConfigFile* ConfigResolver::config_locked(const std::string& input, std::string* error) {
  error->clear();
  if (source_ == ConfigSource::None) return nullptr;
  if (source_ == ConfigSource::Given) return load(given_, error);
  std::error_code ec;
  // Standard input and URLs have no directory of their own: the current one stands in.
  const bool on_disk = input != "-" && !is_url(input);
  const fs::path directory = on_disk ? fs::absolute(input, ec).lexically_normal().parent_path() : fs::current_path(ec);
  auto found = nearest_.find(directory);
  if (found == nearest_.end()) found = nearest_.emplace(directory, find_config(directory)).first;
  return found->second ? load(*found->second, error) : nullptr;
}

const ConfigFile* ConfigResolver::config_for(const std::string& input, std::string* error) {
  std::lock_guard lock(mutex_);
  return config_locked(input, error);
}

bool ConfigResolver::excluded(const std::string& path, bool is_directory, std::string* error) {
  const ConfigFile* config = config_for(path, error);
  if (!config) return false;
  const std::string relative = path_for_globs(path, *config);
  for (const std::string& glob : config->exclude) {
    if (!relative.empty() && glob_matches(glob, relative, is_directory)) return true;
  }
  return false;
}

const Profile* ConfigResolver::profile_for(const std::string& input, std::string* error) {
  std::lock_guard lock(mutex_);
  const ConfigFile* config = config_locked(input, error);
  if (!config && !error->empty()) return nullptr;
  std::vector<std::size_t> matched;
  if (config) {
    const std::string relative = path_for_globs(input, *config);
    for (std::size_t i = 0; !relative.empty() && i < config->overrides.size(); ++i) {
      for (const std::string& glob : config->overrides[i].files) {
        if (glob_matches(glob, relative)) {
          matched.push_back(i);
          break;
        }
      }
    }
  }
  auto& slot = profiles_[{config, matched}];
  if (slot) return slot.get();
  auto profile = std::make_unique<Profile>();
  profile->selection = default_selection();
  profile->settings.now = command_line_.now;
  profile->config = config;
  profile->overrides = matched;
  if (config) {
    apply_layer(config->rules, &profile->selection);
    profile->settings.location = config->location;
    for (std::size_t i : matched) {
      apply_layer(config->overrides[i].rules, &profile->selection);
      if (config->overrides[i].location) profile->settings.location = config->overrides[i].location;
    }
  }
  apply_layer(command_line_.rules, &profile->selection);
  if (command_line_.location) profile->settings.location = command_line_.location;
  slot = std::move(profile);
  return slot.get();
}

}  // namespace sitemaplint
