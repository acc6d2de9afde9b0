// Rule documentation as users see it: --list-rules, --explain, and the README's rule table.
#pragma once

#include <ostream>
#include <string>

#include "rule.h"

namespace sitemaplint {

void write_rule_list_text(std::ostream& out);
void write_rule_list_json(std::ostream& out);
// The Markdown table in README.md between the "rules:begin" and "rules:end" markers.
std::string rule_table_markdown();
void write_explanation(const RuleInfo& info, std::ostream& out);

}  // namespace sitemaplint
