// Every rule sitemaplint knows, in one explicit list (rules/rules.def), and the user's choice of
// which run at what severity.
#pragma once

#include <array>
#include <optional>
#include <utility>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rule.h"
#include "settings.h"

namespace sitemaplint {

// All rules, in the order of rules/rules.def: family by family, each in code order.
std::span<const RuleInfo* const> all_rules();

// All families, in the order of rules/rules.def.
std::span<const FamilyInfo> all_families();

// The rule with this id.
const RuleInfo& rule_info(RuleId id);

// A rule by code ("SM203", any case) or name ("lastmod-invalid"); nullptr when unknown.
const RuleInfo* find_rule(std::string_view code_or_name);

// The rules a word of --select/--ignore (or the config) names, in rule order: ALL, a rule's code
// or name, a family's name ("lastmod", "image"), or a code prefix ("SM4", "IMG1"). Empty when
// the word names nothing.
std::vector<const RuleInfo*> rules_named(std::string_view word);

// Orders findings for output: by offset, then by rule (rules/rules.def order).
inline bool diagnostic_order(const Diagnostic& a, const Diagnostic& b) {
  if (a.offset != b.offset) return a.offset < b.offset;
  return a.rule->id < b.rule->id;
}

// Sorts findings by diagnostic_order, keeping the order of equal ones (as std::stable_sort does).
// A finding is large (message, fix, related location): its keys are sorted, and each finding is
// moved once, where a merge sort would move it log n times.
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);

// The closest known rule name or code, for "did you mean" hints; empty when nothing is close.
std::string closest_rule(std::string_view unknown);

struct RuleSelection {
  std::vector<const RuleInfo*> enabled;  // in rule order
  std::array<std::optional<Severity>, kRuleCount> severity_overrides{};  // by RuleId
  // By RuleId: keep only the rule's findings that rest on one of these authorities (0: all). A
  // profile that follows some authorities sets it for the rules it runs for their sake.
  std::array<std::uint32_t, kRuleCount> kept_authorities{};
  // A finding resting on these authorities alone is at most a warning, whatever its rule's
  // severity (0: none): --profile xsd holds what only the schemas' documentation asks there.
  std::uint32_t warning_authorities = 0;

  bool is_enabled(RuleId id) const;
  Severity severity_of(const RuleInfo& info) const;
};

// One layer of rule choices: a config file's top level, one of its [[overrides]], the command line.
// Layers apply in that order on top of every rule at its default severity: `select` makes exactly
// its rules run, then `ignore` stops some, then `severity` sets levels rule by rule.
struct RuleLayer {
  std::optional<std::vector<const RuleInfo*>> select;
  std::vector<const RuleInfo*> ignore;
  std::vector<std::pair<const RuleInfo*, Severity>> severity;
};

void apply_layer(const RuleLayer& layer, RuleSelection* selection);

// Every rule, at its default severity.
RuleSelection default_selection();

// Rule codes or names (or ALL) appended to *out without repeats. On an unknown word, returns false
// and sets *error to "unknown rule 'X'; did you mean 'Y'?...".
bool resolve_rule_words(const std::vector<std::string>& words, std::vector<const RuleInfo*>* out, std::string* error);

// The command line's layer from --select, --ignore and --severity words.
bool parse_rule_layer(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                      const std::vector<std::string>& severities, RuleLayer* out, std::string* error);

// "unknown rule 'X'", with the closest known rule as a hint.
std::string unknown_rule_message(std::string_view word);

// Builds a selection from --select, --ignore and --severity words. On a bad word, returns false
// and sets *error to a one-line message.
bool make_selection(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                    const std::vector<std::string>& severities, RuleSelection* out, std::string* error);

}  // namespace sitemaplint
