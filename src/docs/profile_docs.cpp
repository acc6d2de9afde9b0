#include "docs/profile_docs.h"

#include <algorithm>
#include <sstream>
#include <utility>
#include <vector>

#include "analysis/message_text.h"
#include "engine/rule_profiles.h"

namespace sitemaplint {
namespace {

// A cell of the rule-by-rule table: the level, bold when the profile raises it above the rule's
// default, italic when it lowers it.
std::string cell(const RuleProfile& profile, const RuleInfo& rule) {
  const std::optional<Severity> level = profile_level(profile, rule);
  if (!level) return "off";
  const std::string name(severity_name(*level));
  if (*level > rule.default_severity) return "**" + name + "**";
  if (*level < rule.default_severity) return "*" + name + "*";
  return name;
}

}  // namespace

void write_profile_list_text(std::ostream& out) {
  bool first = true;
  for (const RuleProfile& profile : all_rule_profiles()) {
    if (!first) out << '\n';
    first = false;
    write_profile_effect(profile, "", out);
  }
}

std::string profile_table_markdown() {
  std::ostringstream out;
  out << "| Profile | What it checks |\n|---|---|\n";
  for (const RuleProfile& profile : all_rule_profiles()) {
    out << "| `" << profile.name << "` | " << markdown_cell(profile.summary) << " |\n";
  }
  out << "\nRule by rule (**bold**: raised above the rule's default; *italic*: lowered; off: not run):\n\n| Rule |";
  for (const RuleProfile& profile : all_rule_profiles()) out << ' ' << profile.name << " |";
  out << "\n|---|";
  for (std::size_t i = 0; i < all_rule_profiles().size(); ++i) out << "---|";
  out << '\n';
  for (const RuleInfo* rule : all_rules()) {
    out << "| " << rule->code << " `" << rule->name << "` |";
    for (const RuleProfile& profile : all_rule_profiles()) out << ' ' << cell(profile, *rule) << " |";
    out << '\n';
  }
  // The choices made rule by rule, grouped by profile and reason.
  out << "\nChosen rule by rule, against what the authorities alone would give:\n\n";
  for (const RuleProfile& profile : all_rule_profiles()) {
    std::vector<std::pair<std::string, std::string>> groups;  // (reason, rules), in table order
    for (const ProfileChoice& choice : profile.choices) {
      const RuleInfo& rule = rule_info(choice.rule);
      const std::optional<Severity> level = profile_level(profile, rule);
      const std::string what = std::string(rule.code) + " " + std::string(level ? severity_name(*level) : "off");
      auto group = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == choice.why; });
      if (group == groups.end()) groups.emplace_back(std::string(choice.why), what);
      else group->second += ", " + what;
    }
    for (const auto& [why, rules] : groups) {
      out << "- `" << profile.name << "`: " << rules << ": " << markdown_cell(why) << ".\n";
    }
  }
  // The levels the authorities give that were checked against the engine's own text.
  out << "\nChecked against the engine's own text, and left at the level the authorities give:\n\n";
  for (const RuleProfile& profile : all_rule_profiles()) {
    for (const ProfileChoice& checked : profile.confirmed) {
      const RuleInfo& rule = rule_info(checked.rule);
      const std::optional<Severity> level = profile_level(profile, rule);
      out << "- `" << profile.name << "`: " << rule.code << " " << (level ? severity_name(*level) : "off") << ": "
          << markdown_cell(checked.why) << ".\n";
    }
  }
  return out.str();
}

std::string profile_levels(const RuleInfo& rule) {
  std::string out;
  for (const RuleProfile& profile : all_rule_profiles()) {
    const std::optional<Severity> level = profile_level(profile, rule);
    (out += out.empty() ? "" : ", ") +=
        std::string(profile.name) + " " + std::string(level ? severity_name(*level) : "off");
  }
  return out;
}

}  // namespace sitemaplint
