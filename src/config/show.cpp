#include "config/show.h"

#include <algorithm>
#include <cstdio>

#include "config/config_file.h"

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
  if (profile.settings.location) out << "base-url = " << toml_string(profile.settings.location->url) << '\n';
  if (run.root) out << "root = " << toml_string(*run.root) << '\n';
  if (run.max_warnings) out << "max-warnings = " << *run.max_warnings << '\n';
  if (run.min_severity) out << "min-severity = \"" << severity_name(*run.min_severity) << "\"\n";
  if (run.robots) out << "robots = " << toml_string(*run.robots) << '\n';
  if (profile.config && !profile.config->exclude.empty()) {
    out << "exclude = " << glob_list(profile.config->exclude) << "  # for directory searches\n";
  }
  out << "select = [\"ALL\"]\n";
  out << "ignore = [";
  bool any_ignored = false;
  for (const RuleInfo* rule : all_rules()) {
    const auto& enabled = profile.selection.enabled;
    if (std::find(enabled.begin(), enabled.end(), rule) != enabled.end()) continue;
    out << "\n  \"" << rule->code << "\",  # " << rule->name;
    any_ignored = true;
  }
  out << (any_ignored ? "\n]\n" : "]\n");
  bool header = false;
  for (const RuleInfo* rule : all_rules()) {
    const Severity level = profile.selection.severity_of(*rule);
    const auto& enabled = profile.selection.enabled;
    // A rule that does not run has no level worth showing.
    if (level == rule->default_severity || std::find(enabled.begin(), enabled.end(), rule) == enabled.end()) continue;
    if (!header) out << "\n[severity]  # rules whose level differs from their default\n";
    header = true;
    out << rule->code << " = \"" << severity_name(level) << "\"  # " << rule->name << " (default: "
        << severity_name(rule->default_severity) << ")\n";
  }
}

}  // namespace sitemaplint
