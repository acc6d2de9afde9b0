// Every rule sitemaplint knows, in one explicit list (rules/rules.def), and the user's choice of
// which run at what severity.
#pragma once

#include <map>
#include <optional>
#include <utility>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rule.h"
#include "settings.h"

namespace sitemaplint {

// All rules, in code order.
std::span<const RuleDefinition* const> all_rules();

// A rule by code ("SM203") or name ("lastmod-invalid"); nullptr when unknown.
const RuleDefinition* find_rule(std::string_view code_or_name);

// The closest known rule name or code, for "did you mean" hints; empty when nothing is close.
std::string closest_rule(std::string_view unknown);

struct RuleSelection {
  std::vector<const RuleDefinition*> enabled;  // in code order
  std::map<std::string_view, Severity> severity_overrides;  // by code

  Severity severity_of(const RuleInfo& info) const;
};

// One layer of rule choices: a config file's top level, one of its [[overrides]], the command line.
// Layers apply in that order on top of every rule at its default severity: `select` makes exactly
// its rules run, then `ignore` stops some, then `severity` sets levels rule by rule.
struct RuleLayer {
  std::optional<std::vector<const RuleDefinition*>> select;
  std::vector<const RuleDefinition*> ignore;
  std::vector<std::pair<const RuleDefinition*, Severity>> severity;
};

void apply_layer(const RuleLayer& layer, RuleSelection* selection);

// Every rule, at its default severity.
RuleSelection default_selection();

// Rule codes or names (or ALL) appended to *out without repeats. On an unknown word, returns false
// and sets *error to "unknown rule 'X'; did you mean 'Y'?...".
bool resolve_rule_words(const std::vector<std::string>& words, std::vector<const RuleDefinition*>* out,
                        std::string* error);

// The command line's layer from --select, --ignore and --severity words.
bool parse_rule_layer(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                      const std::vector<std::string>& severities, RuleLayer* out, std::string* error);

// "unknown rule 'X'", with the closest known rule as a hint.
std::string unknown_rule_message(std::string_view word);

// Builds a selection from --select, --ignore and --severity words. On a bad word, returns false
// and sets *error to a one-line message.
bool make_selection(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                    const std::vector<std::string>& severities, RuleSelection* out,
                    std::string* error);

}  // namespace sitemaplint
