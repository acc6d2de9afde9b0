// --statistics, in the manner of ruff: how many findings each rule made, instead of the findings.
#include <algorithm>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "rule.h"

namespace sitemaplint {

std::vector<RuleCount> count_by_rule(std::span<const FileReport> reports) {
  std::map<std::string_view, RuleCount> by_code;
  for (const FileReport& report : reports) {
    for (const Diagnostic& d : report.diagnostics) {
      RuleCount& row = by_code[d.rule->code];
      row.rule = d.rule;
      ++row.count;
      switch (d.severity) {
        case Severity::Error: ++row.errors; break;
        case Severity::Warning: ++row.warnings; break;
        case Severity::Info: ++row.infos; break;
      }
      if (d.fix) ++row.fixable;
    }
  }
  std::vector<RuleCount> rows;
  for (auto& [code, row] : by_code) rows.push_back(row);
  std::stable_sort(rows.begin(), rows.end(), [](const RuleCount& a, const RuleCount& b) { return a.count > b.count; });
  return rows;
}

void write_statistics(std::span<const FileReport> reports, bool json, std::ostream& out) {
  const std::vector<RuleCount> rows = count_by_rule(reports);
  if (json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const RuleCount& row : rows) {
      list.push_back({{"code", row.rule->code},
                      {"name", row.rule->name},
                      {"severity", severity_name(row.highest())},
                      {"count", row.count},
                      {"fixable", row.fixable}});
    }
    out << list.dump(2) << '\n';
    return;
  }
  // Columns as wide as their longest entry: codes run from SM101 to ROBOTS101.
  std::size_t code_width = 4, name_width = 4;
  for (const RuleCount& row : rows) {
    code_width = std::max(code_width, row.rule->code.size());
    name_width = std::max(name_width, row.rule->name.size());
  }
  // Right-aligned counts, so a column of numbers reads as one; the header only when there are rows.
  if (rows.empty()) return;
  out << std::setw(7) << "count"
      << "  " << std::left << std::setw(static_cast<int>(code_width)) << "code"
      << "  " << std::setw(static_cast<int>(name_width)) << "name" << std::right << "  severity  fixable\n";
  for (const RuleCount& row : rows) {
    out << std::setw(7) << row.count << "  " << std::left << std::setw(static_cast<int>(code_width)) << row.rule->code
        << "  " << std::setw(static_cast<int>(name_width)) << row.rule->name << "  " << std::setw(8)
        << severity_name(row.highest()) << std::right << "  " << std::setw(7) << row.fixable << '\n';
  }
}

}  // namespace sitemaplint
