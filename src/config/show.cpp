#include "config/show.h"

#include <algorithm>
#include <cstdio>

#include "config/config_file.h"
#include "engine/rule_profiles.h"

namespace sitemaplint {
namespace {

// A string as a TOML basic string: quoted, with quotes, backslashes and control characters escaped.
std::string toml_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || byte == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
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
  const RuleProfile& preset = profile.rule_profile ? *profile.rule_profile : default_rule_profile();
  out << "profile = " << toml_string(preset.name) << "\n";
  write_profile_effect(preset, "# ", out);
  if (profile.settings.location) out << "base-url = " << toml_string(profile.settings.location->url) << '\n';
  if (run.root) out << "root = " << toml_string(*run.root) << '\n';
  if (run.max_warnings) out << "max-warnings = " << *run.max_warnings << '\n';
  if (run.min_severity) out << "min-severity = \"" << severity_name(*run.min_severity) << "\"\n";
  if (run.robots) out << "robots = " << toml_string(*run.robots) << '\n';
  if (run.pages) out << (run.pages_live ? "pages = \"live\"\n" : "pages = true\n");
  if (run.host) out << "host = " << toml_string(*run.host) << '\n';
  if (run.coverage) out << "coverage = true\n";
  if (profile.config && !profile.config->exclude.empty()) {
    out << "exclude = " << glob_list(profile.config->exclude) << "  # for directory searches\n";
  }
  // The rules that run, as the profile's less `ignore`, or, when some run that the profile does not
  // run, as an explicit `select`.
  const RuleSelection base = profile_selection(preset);
  const auto& enabled = profile.selection.enabled;
  const auto runs = [](const std::vector<const RuleInfo*>& rules, const RuleInfo* rule) {
    return std::find(rules.begin(), rules.end(), rule) != rules.end();
  };
  const bool beyond_profile =
      std::any_of(enabled.begin(), enabled.end(), [&](const RuleInfo* rule) { return !runs(base.enabled, rule); });
  const std::vector<const RuleInfo*>& listed = beyond_profile ? enabled : base.enabled;
  out << (beyond_profile ? "select = [" : "ignore = [");
  bool any_listed = false;
  for (const RuleInfo* rule : listed) {
    if (!beyond_profile && runs(enabled, rule)) continue;
    out << "\n  \"" << rule->code << "\",  # " << rule->name;
    any_listed = true;
  }
  out << (any_listed ? "\n]\n" : "]\n");
  bool header = false;
  for (const RuleInfo* rule : enabled) {
    const Severity level = profile.selection.severity_of(*rule);
    // The level the rule has without a [severity] entry: the profile's, or its default.
    const Severity before = base.severity_of(*rule);
    if (level == before) continue;
    const bool is_default = &preset == &default_rule_profile();
    if (!header) {
      out << "\n[severity]  # rules whose level differs from " << (is_default ? "their default" : "the profile's")
          << "\n";
    }
    header = true;
    out << rule->code << " = \"" << severity_name(level) << "\"  # " << rule->name << " (";
    if (!is_default) out << preset.name << ": " << (runs(base.enabled, rule) ? severity_name(before) : "off") << ", ";
    out << "default: " << severity_name(rule->default_severity) << ")\n";
  }
}

}  // namespace sitemaplint
