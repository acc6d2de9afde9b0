#include "rule_docs.h"

#include <iomanip>
#include <nlohmann/json.hpp>

#include "registry.h"

namespace sitemaplint {

void write_rule_list_text(std::ostream& out) {
  out << std::left << std::setw(7) << "CODE" << std::setw(28) << "NAME" << std::setw(9) << "SEVERITY"
      << "SUMMARY\n";
  for (const RuleDefinition* rule : all_rules()) {
    const RuleInfo& info = rule->info;
    out << std::setw(7) << info.code << std::setw(28) << info.name << std::setw(9)
        << severity_name(info.default_severity) << info.summary << '\n';
  }
}

void write_rule_list_json(std::ostream& out) {
  nlohmann::ordered_json rules = nlohmann::ordered_json::array();
  for (const RuleDefinition* rule : all_rules()) {
    const RuleInfo& info = rule->info;
    rules.push_back({{"code", info.code},
                     {"name", info.name},
                     {"severity", severity_name(info.default_severity)},
                     {"summary", info.summary},
                     {"docs", info.docs}});
  }
  out << rules.dump(2) << '\n';
}

std::string rule_table_markdown() {
  std::string table = "| Code | Name | Default | Summary |\n|---|---|---|---|\n";
  for (const RuleDefinition* rule : all_rules()) {
    const RuleInfo& info = rule->info;
    table += "| " + std::string(info.code) + " | `" + std::string(info.name) + "` | " +
             std::string(severity_name(info.default_severity)) + " | " + std::string(info.summary) +
             " |\n";
  }
  return table;
}

void write_explanation(const RuleInfo& info, std::ostream& out) {
  out << "# " << info.code << ' ' << info.name << " (" << severity_name(info.default_severity)
      << ")\n\n"
      << info.summary << ".\n"
      << info.docs;
}

}  // namespace sitemaplint
