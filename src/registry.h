// Every rule sitemaplint knows, in one explicit list (rules/rules.def), and the user's choice of
// which run at what severity.
#pragma once

#include <map>
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

// Builds a selection from --select, --ignore and --severity words. On a bad word, returns false
// and sets *error to a one-line message.
bool make_selection(const std::vector<std::string>& select, const std::vector<std::string>& ignore,
                    const std::vector<std::string>& severities, RuleSelection* out,
                    std::string* error);

}  // namespace sitemaplint
