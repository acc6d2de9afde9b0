// The report formats, one table: each format's name (as --format and -o FORMAT=FILE take it) and
// its writer. The option checks, --help, the man page and the completions read the names from
// here, and a run writes each report through it: a format is added in one place.
#pragma once

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"

namespace sitemaplint {

// What a writer may need besides the findings.
struct ReportOptions {
  const RunStatus& status;
  HumanStyle human;  // the human report's style, colour decided for this report
  std::int64_t now = 0;  // what the HTML report measures lastmod ages from
  SarifRules sarif_rules = SarifRules::Fired;
};

struct ReportFormat {
  std::string_view name;
  void (*write)(std::span<const FileReport> reports, const ReportOptions& options, std::ostream& out);
};

// Every format, "human" (the default) first.
std::span<const ReportFormat> report_formats();
// The format named `name`, or nullptr.
const ReportFormat* find_report_format(std::string_view name);
// Their names, in the table's order.
std::vector<std::string> report_format_names();

}  // namespace sitemaplint
