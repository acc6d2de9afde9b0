#include "config/show.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

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

void take_live_settings(const ConfigFile& config, RunSettings& run) {
  run.rate = config.rate;
  run.user_agent = config.user_agent;
  run.max_urls = config.max_urls;
  run.sample = config.sample;
  run.cache = config.cache;
}

void write_effective_config(const std::string& label, const Profile& profile, const RunSettings& run,
                            std::ostream& out) {
  out << "# sitemaplint --show-config: the settings " << label << " is linted with\n";
  const ConfigFile* config = profile.config;
  // "  # from FILE" after a setting an extended file gave, when the command line did not replace it.
  const auto from = [&](std::string_view key, bool config_value_used) -> std::string {
    if (!config || !config_value_used || config->origin_of(key) == config->path) return "";
    return "  # from " + config->origin_of(key).string();
  };
  if (config) {
    out << "# from " << config->path.string();
    for (const auto& extended : config->extended) out << ", which extends " << extended.string();
    for (std::size_t i : profile.overrides) {
      const ConfigOverride& override = config->overrides[i];
      out << ", overrides[" << i << "] (files = " << glob_list(override.files);
      if (!override.file.empty() && override.file != config->path) out << ", from " << override.file.string();
      out << ")";
    }
    out << ", then the command line\n";
    // An override that stops every rule is taken as an exclusion: say so, or the empty selection
    // below reads like a mistake, and the input passes with no finding.
    if (profile.selection.enabled.empty() && !profile.overrides.empty())
      out << "# every rule is stopped by the overrides above: " << label << " is linted with none, so it passes\n";
  } else {
    out << "# no sitemaplint.toml applies: the defaults, then the command line\n";
  }
  const RuleProfile& preset = profile.rule_profile ? *profile.rule_profile : default_rule_profile();
  out << "profile = " << toml_string(preset.name)
      << from("profile", config && preset.name == (config->profile ? config->profile->name : "")) << "\n";
  write_profile_effect(preset, "# ", out);
  const auto same = [](const auto& used, const auto& configured) { return configured && used == *configured; };
  if (const auto& location = profile.settings.location) {
    out << "base-url = " << toml_string(location->url)
        << from("base-url", config && config->location && config->location->url == location->url) << '\n';
  }
  if (run.root)
    out << "root = " << toml_string(*run.root) << from("root", config && same(*run.root, config->root)) << '\n';
  if (run.max_warnings) {
    out << "max-warnings = " << *run.max_warnings
        << from("max-warnings", config && same(*run.max_warnings, config->max_warnings)) << '\n';
  }
  if (run.min_severity) {
    out << "min-severity = \"" << severity_name(*run.min_severity) << "\""
        << from("min-severity", config && same(*run.min_severity, config->min_severity)) << '\n';
  }
  if (run.robots)
    out << "robots = " << toml_string(*run.robots) << from("robots", config && same(*run.robots, config->robots))
        << '\n';
  if (run.pages) {
    out << (run.pages_live ? "pages = \"live\"" : "pages = true")
        << from("pages", config && config->pages.value_or(false)) << '\n';
  }
  if (run.host)
    out << "host = " << toml_string(*run.host) << from("host", config && same(*run.host, config->host)) << '\n';
  if (run.coverage) out << "coverage = true" << from("coverage", config && config->coverage.value_or(false)) << '\n';
  if (run.rate) {
    std::ostringstream rate;
    rate << *run.rate;
    out << "rate = " << rate.str() << from("rate", config && same(*run.rate, config->rate)) << '\n';
  }
  if (run.user_agent) {
    out << "user-agent = " << toml_string(*run.user_agent)
        << from("user-agent", config && same(*run.user_agent, config->user_agent)) << '\n';
  }
  if (run.max_urls)
    out << "max-urls = " << *run.max_urls << from("max-urls", config && same(*run.max_urls, config->max_urls)) << '\n';
  if (run.sample)
    out << "sample = " << *run.sample << from("sample", config && same(*run.sample, config->sample)) << '\n';
  if (run.cache)
    out << "cache = " << toml_string(*run.cache) << from("cache", config && same(*run.cache, config->cache)) << '\n';
  if (run.memory_limit) {
    out << "memory-limit = " << toml_string(*run.memory_limit)
        << from("memory-limit", config && same(*run.memory_limit, config->memory_limit)) << '\n';
  }
  if (config && !config->exclude.empty()) {
    const std::string origin = from("exclude", true);
    out << "exclude = " << glob_list(config->exclude)
        << (origin.empty() ? "  # for directory searches" : origin + ", for directory searches") << '\n';
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
  // --select SM401 shows select = ["SM401"], not the hundred other rules ignored: the shorter list.
  // When no rule runs (every one ignored), only `ignore` can say so: an empty `select` is refused.
  const bool as_select = !enabled.empty() && (beyond_profile || enabled.size() < base.enabled.size() - enabled.size());
  const std::vector<const RuleInfo*>& listed = as_select ? enabled : base.enabled;
  if (enabled.empty()) {
    // Every rule off (an override's ignore = ["ALL"], say): one word for it, not the whole list.
    const std::string origin = from("rules", true);
    out << "ignore = [\"ALL\"]" << (origin.empty() ? "  # every rule" : origin) << "\n";
  } else {
    out << (as_select ? "select = [" : "ignore = [") << from("rules", true);
    bool any_listed = false;
    for (const RuleInfo* rule : listed) {
      if (!as_select && runs(enabled, rule)) continue;
      out << "\n  \"" << rule->code << "\",  # " << rule->name;
      any_listed = true;
    }
    out << (any_listed ? "\n]\n" : "]\n");
  }
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
