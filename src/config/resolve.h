// Which sitemaplint.toml governs each input and what profile results: the nearest config file
// above the input (or the one --config names, or none with --no-config), its matching
// [[overrides]] in file order, then the command line, which has the last word.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "config/config_file.h"
#include "engine/profile.h"

namespace sitemaplint {

// The command line's part: --profile, its rule words, --base-url and --now.
struct CommandLineChoices {
  const RuleProfile* profile = nullptr;  // --profile: wins over any config's
  RuleLayer rules;
  std::optional<SitemapLocation> location;
  std::int64_t now = 0;
  bool collect_overview = false;  // the HTML report is asked for
  bool record_subjects = true;  // a baseline is read or written (EngineOptions::record_subjects)
};

enum class ConfigSource {
  Discover,  // the nearest sitemaplint.toml above each input (the default)
  Given,  // --config FILE, for every input
  None,  // --no-config
};

class ConfigResolver {
 public:
  ConfigResolver(CommandLineChoices command_line, ConfigSource source, std::filesystem::path given = {});

  // --stdin-filename: standard input ("-") is looked up as if it were the file at `path`.
  void name_standard_input(std::string path) { stdin_name_ = std::move(path); }

  // The config file that governs `input` (nullptr: none), or nullptr with *error set when it is broken.
  const ConfigFile* config_for(const std::string& input, std::string* error);

  // The profile `input` is linted with; nullptr with *error when its config file is broken.
  const Profile* profile_for(const std::string& input, std::string* error);

  // Whether `path`, met while searching a directory, matches the `exclude` globs of its config.
  bool excluded(const std::string& path, bool is_directory, std::string* error);

  ProfileLookup lookup() {
    return [this](const std::string& input, std::string* error) { return profile_for(input, error); };
  }

 private:
  // Standard input under its --stdin-filename name, when it has one; any other input as it is.
  const std::string& as_named(const std::string& input) const {
    return input == "-" && !stdin_name_.empty() ? stdin_name_ : input;
  }
  const ConfigFile* load(const std::filesystem::path& path, std::string* error);  // mutex held
  const ConfigFile* config_locked(const std::string& input, std::string* error);  // mutex held

  CommandLineChoices command_line_;
  ConfigSource source_;
  std::filesystem::path given_;
  std::mutex mutex_;
  // Config files by path; a failed load keeps its message so every input reports the same one.
  std::map<std::filesystem::path, std::unique_ptr<ConfigFile>> configs_;
  std::map<std::filesystem::path, std::string> failures_;
  std::string cwd_;  // the current directory when the resolver was made
  std::string stdin_name_;
  std::unordered_map<std::string, std::optional<std::filesystem::path>> nearest_;  // by absolute directory
  std::map<std::pair<const ConfigFile*, std::vector<std::size_t>>, std::unique_ptr<Profile>> profiles_;
  // Each input is looked up several times in a run (checked up front, linted, checked across the set).
  std::unordered_map<std::string, const Profile*> by_input_;
};

// The path of `input` that the config's globs match: relative to its glob base for a file inside it,
// the absolute path without its leading '/' for one outside, the URL's path for a URL; empty for
// standard input.
// `cwd`: the current directory, when the caller knows it already (empty: asked for).
std::string path_for_globs(const std::string& input, const ConfigFile& config, const std::string& cwd = "");

}  // namespace sitemaplint
