#include "registry.h"
#include "analysis/message_text.h"

#include "analysis/edit_distance.h"

#include <algorithm>
#include <array>

namespace sitemaplint {

#define SITEMAPLINT_RULE(id) extern const RuleDefinition id;
#include "rules/rules.def"
#undef SITEMAPLINT_RULE

namespace {

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::string unknown_rule_message(std::string_view word) {
  std::string message = "unknown rule '" + std::string(word) + "'";
  const std::string hint = closest_rule(word);
  if (!hint.empty()) return message + did_you_mean(hint);
  return message + " (sitemaplint --list-rules shows them all)";
}

std::span<const RuleDefinition* const> all_rules() {
  static const auto kRules = [] {
    std::vector<const RuleDefinition*> rules{
#define SITEMAPLINT_RULE(id) &id,
#include "rules/rules.def"
#undef SITEMAPLINT_RULE
    };
    std::sort(rules.begin(), rules.end(), [](const RuleDefinition* a, const RuleDefinition* b) {
      return a->info.code < b->info.code;
    });
    return rules;
  }();
  return kRules;
}

const RuleDefinition* find_rule(std::string_view word) {
  for (const RuleDefinition* rule : all_rules()) {
    if (equals_ignoring_case(word, rule->info.code) || word == rule->info.name) return rule;
  }
  return nullptr;
}

std::string closest_rule(std::string_view unknown) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(3, unknown.size() / 3) + 1;
  for (const RuleDefinition* rule : all_rules()) {
    for (std::string_view candidate : {rule->info.name, rule->info.code}) {
      const std::size_t d = edit_distance(unknown, candidate);
      if (d < best_distance) {
        best_distance = d;
        best = std::string(candidate);
      }
    }
  }
  return best;
}

Severity RuleSelection::severity_of(const RuleInfo& info) const {
  const auto it = severity_overrides.find(info.code);
  return it == severity_overrides.end() ? info.default_severity : it->second;
}

void apply_layer(const RuleLayer& layer, RuleSelection* selection) {
  if (layer.select) selection->enabled = *layer.select;
  for (const RuleDefinition* rule : layer.ignore) std::erase(selection->enabled, rule);
  std::sort(selection->enabled.begin(), selection->enabled.end(), [](const RuleDefinition* a, const RuleDefinition* b) {
    return a->info.code < b->info.code;
  });
  selection->enabled.erase(std::unique(selection->enabled.begin(), selection->enabled.end()), selection->enabled.end());
  for (const auto& [rule, level] : layer.severity) selection->severity_overrides[rule->info.code] = level;
}

RuleSelection default_selection() {
  RuleSelection selection;
  selection.enabled.assign(all_rules().begin(), all_rules().end());
  return selection;
}

bool resolve_rule_words(const std::vector<std::string>& words, std::vector<const RuleDefinition*>* out,
                        std::string* error) {
  for (const std::string& word : words) {
    if (equals_ignoring_case(word, "ALL")) {
      out->assign(all_rules().begin(), all_rules().end());
      continue;
    }
    const RuleDefinition* rule = find_rule(word);
    if (!rule) {
      *error = unknown_rule_message(word);
      return false;
    }
    if (std::find(out->begin(), out->end(), rule) == out->end()) out->push_back(rule);
  }
  return true;
}

bool parse_rule_layer(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                      const std::vector<std::string>& severities, RuleLayer* out, std::string* error) {
  if (!select.empty()) {
    out->select.emplace();
    if (!resolve_rule_words(select, &*out->select, error)) { *error = "--select: " + *error; return false; }
  }
  if (!resolve_rule_words(ignore, &out->ignore, error)) { *error = "--ignore: " + *error; return false; }
  for (const std::string& word : severities) {
    const auto eq = word.find('=');
    if (eq == std::string::npos) {
      *error = "--severity: expected RULE=LEVEL, got '" + word + "'";
      return false;
    }
    const RuleDefinition* rule = find_rule(std::string_view(word).substr(0, eq));
    if (!rule) { *error = "--severity: " + unknown_rule_message(word.substr(0, eq)); return false; }
    const auto level = parse_severity(std::string_view(word).substr(eq + 1));
    if (!level) {
      *error = "--severity: unknown level '" + word.substr(eq + 1) + "' (use error, warning or info)";
      return false;
    }
    out->severity.emplace_back(rule, *level);
  }
  return true;
}

bool make_selection(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                    const std::vector<std::string>& severities, RuleSelection* out,
                    std::string* error) {
  RuleLayer layer;
  if (!parse_rule_layer(select, ignore, severities, &layer, error)) return false;
  *out = default_selection();
  apply_layer(layer, out);
  return true;
}

}  // namespace sitemaplint
