#include "report/report.h"

#include "analysis/message_text.h"

namespace sitemaplint {

Totals count(std::span<const FileReport> reports) {
  Totals totals;
  totals.files = reports.size();
  for (const FileReport& report : reports) {
    for (const Diagnostic& d : report.diagnostics) {
      switch (d.severity) {
        case Severity::Error: ++totals.errors; break;
        case Severity::Warning: ++totals.warnings; break;
        case Severity::Info: ++totals.infos; break;
      }
      if (d.fix) ++totals.fixable;
    }
  }
  return totals;
}

std::string WarningLimit::message() const {
  return counted(warnings, "warning") + (warnings == 1 ? " exceeds " : " exceed ") + source;
}

}  // namespace sitemaplint
