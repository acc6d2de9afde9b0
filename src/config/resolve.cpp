#include "config/resolve.h"

#include <algorithm>
#include <system_error>

#include "config/path_glob.h"
#include "load/input_path.h"

namespace sitemaplint {

namespace fs = std::filesystem;

namespace {

// `path` made absolute against `cwd` and normalised ("." and ".." resolved, no repeated '/') with
// plain string work: std::filesystem's equivalents cost ~10x more, and a run looks up every file.
std::string absolute_normal(std::string_view path, std::string_view cwd) {
  std::vector<std::string_view> parts;
  const auto add = [&parts](std::string_view text) {
    for (std::size_t start = 0; start <= text.size();) {
      const std::size_t slash = std::min(text.find('/', start), text.size());
      const std::string_view part = text.substr(start, slash - start);
      if (part == "..") {
        if (!parts.empty()) parts.pop_back();
      } else if (!part.empty() && part != ".") {
        parts.push_back(part);
      }
      start = slash + 1;
    }
  };
  if (!path.starts_with('/')) add(cwd);
  add(path);
  std::string out;
  for (std::string_view part : parts) (out += '/') += part;
  return out.empty() ? "/" : out;
}

std::string current_directory() {
  std::error_code ec;
  return fs::current_path(ec).string();
}

}  // namespace

std::string path_for_globs(const std::string& input, const ConfigFile& config, const std::string& cwd) {
  if (input == "-") return {};
  if (is_url(input)) {
    std::string error;
    const auto location = parse_sitemap_location(input, &error);
    return location ? location->path.substr(1) : std::string();
  }
  const std::string absolute = absolute_normal(input, cwd.empty() ? current_directory() : cwd);
  const std::string base = absolute_normal(config.glob_base.string(), "/");
  // Outside the base, only globs that match at any depth (no '/' in them) can match.
  if (base == "/") return absolute.substr(1);
  if (absolute.size() > base.size() && absolute.starts_with(base) && absolute[base.size()] == '/') {
    return absolute.substr(base.size() + 1);
  }
  return absolute.substr(1);
}

ConfigResolver::ConfigResolver(CommandLineChoices command_line, ConfigSource source, fs::path given)
    : command_line_(std::move(command_line)), source_(source), given_(std::move(given)), cwd_(current_directory()) {}

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
    if (source_ == ConfigSource::Given) config->glob_base = cwd_;
    slot = std::move(config);
  }
  return slot.get();
}

const ConfigFile* ConfigResolver::config_locked(const std::string& given, std::string* error) {
  error->clear();
  const std::string& input = as_named(given);
  if (source_ == ConfigSource::None) return nullptr;
  if (source_ == ConfigSource::Given) return load(given_, error);
  // Standard input and URLs have no directory of their own: the current one stands in.
  const bool on_disk = input != "-" && !is_url(input);
  const std::string absolute = on_disk ? absolute_normal(input, cwd_) : cwd_ + "/-";
  const std::string directory = absolute.substr(0, std::max<std::size_t>(absolute.rfind('/'), 1));
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
  const std::string relative = path_for_globs(path, *config, cwd_);
  for (const std::string& glob : config->exclude) {
    if (!relative.empty() && glob_matches(glob, relative, is_directory)) return true;
  }
  return false;
}

const Profile* ConfigResolver::profile_for(const std::string& input, std::string* error) {
  std::lock_guard lock(mutex_);
  if (const auto known = by_input_.find(input); known != by_input_.end()) {
    error->clear();
    return known->second;
  }
  const ConfigFile* config = config_locked(input, error);
  if (!config && !error->empty()) return nullptr;
  std::vector<std::size_t> matched;
  if (config) {
    const std::string relative = path_for_globs(as_named(input), *config, cwd_);
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
  if (slot) return by_input_[input] = slot.get();
  auto profile = std::make_unique<Profile>();
  // The preset: the command line's, else the last matching override's, else the file's.
  const RuleProfile* preset = config ? config->profile : nullptr;
  for (std::size_t i : matched) {
    if (config->overrides[i].profile) preset = config->overrides[i].profile;
  }
  if (command_line_.profile) preset = command_line_.profile;
  profile->rule_profile = preset ? preset : &default_rule_profile();
  profile->selection = profile_selection(*profile->rule_profile);
  profile->settings.now = command_line_.now;
  profile->settings.engine.collect_overview = command_line_.collect_overview;
  profile->settings.engine.record_subjects = command_line_.record_subjects;
  profile->config = config;
  profile->overrides = matched;
  // Whether the matching [[overrides]] entries are what stops every rule: an exclusion.
  bool excluded_by_overrides = false;
  if (config) {
    apply_layer(config->rules, &profile->selection);
    profile->settings.location = config->location;
    const bool any_before_overrides = !profile->selection.enabled.empty();
    for (std::size_t i : matched) {
      apply_layer(config->overrides[i].rules, &profile->selection);
      if (config->overrides[i].location) profile->settings.location = config->overrides[i].location;
    }
    excluded_by_overrides = any_before_overrides && profile->selection.enabled.empty();
  }
  apply_layer(command_line_.rules, &profile->selection);
  if (command_line_.location) profile->settings.location = command_line_.location;
  // A gate that runs no rule passes everything, broken XML included: refused, like `select = []`.
  // An [[overrides]] entry that stops every rule for its files is taken as meant (an exclusion);
  // an override that only matches, when the command line or the file's own select and ignore stop
  // them all, is not.
  if (profile->selection.enabled.empty() && !excluded_by_overrides) {
    // Named, so that a user who gave no option finds the file that did it.
    const bool config_chose = config && (config->rules.select || !config->rules.ignore.empty());
    const std::string choices = config_chose
                                    ? "--select, --ignore and the select and ignore of " + config->path.string()
                                    : std::string("--select and --ignore");
    *error = "no rule would run: " + choices + " leave none; run at least one rule, or leave the input out";
    return nullptr;
  }
  slot = std::move(profile);
  return by_input_[input] = slot.get();
}

}  // namespace sitemaplint
