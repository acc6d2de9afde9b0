#include "config_show.h"

#include <algorithm>
#include <sstream>
#include <toml++/toml.h>

#include "config_file.h"

namespace sitemaplint {
namespace {

// A string as a TOML basic string, quotes and escapes included.
std::string toml_string(const std::string& text) {
  std::ostringstream out;
  out << toml::value<std::string>(text);
  return out.str();
}

std::string glob_list(const std::vector<std::string>& globs) {
  std::string out;
  for (const std::string& glob : globs) out += (out.empty() ? "" : ", ") + toml_string(glob);
  return "[" + out + "]";
}

}  // namespace

void write_effective_config(const std::string& label, const Profile& profile, const RunSettings& run,
                            std::ostream& out) {
  out << "# sitemaplint --show-config: the settings " << label << " is linted with\n";
  if (profile.config) {
    out << "# from " << profile.config->path.string();
    for (std::size_t i : profile.overrides) {
      out << ", overrides[" << i << "] (files = " << glob_list(profile.config->overrides[i].files) << ")";
    }
    out << ", then the command line\n";
  } else {
    out << "# no sitemaplint.toml applies: the defaults, then the command line\n";
  }
  if (profile.settings.location) out << "base-url = " << toml_string(profile.settings.location->url) << '\n';
  if (run.root) out << "root = " << toml_string(*run.root) << '\n';
  if (run.max_warnings) out << "max-warnings = " << *run.max_warnings << '\n';
  if (profile.config && !profile.config->exclude.empty()) {
    out << "exclude = " << glob_list(profile.config->exclude) << "  # for directory searches\n";
  }
  out << "select = [\"ALL\"]\n";
  out << "ignore = [";
  bool any_ignored = false;
  for (const RuleDefinition* rule : all_rules()) {
    const auto& enabled = profile.selection.enabled;
    if (std::find(enabled.begin(), enabled.end(), rule) != enabled.end()) continue;
    out << "\n  \"" << rule->info.code << "\",  # " << rule->info.name;
    any_ignored = true;
  }
  out << (any_ignored ? "\n]\n" : "]\n");
  bool header = false;
  for (const RuleDefinition* rule : all_rules()) {
    const Severity level = profile.selection.severity_of(rule->info);
    if (level == rule->info.default_severity) continue;
    if (!header) out << "\n[severity]  # rules whose level differs from their default\n";
    header = true;
    out << rule->info.code << " = \"" << severity_name(level) << "\"  # " << rule->info.name << " (default: "
        << severity_name(rule->info.default_severity) << ")\n";
  }
}

}  // namespace sitemaplint
