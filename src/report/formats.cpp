#include "report/formats.h"

#include <array>

#include "report/html.h"

namespace sitemaplint {
namespace {

constexpr std::array<ReportFormat, 9> kFormats{{
    {"human",
     [](auto reports, const ReportOptions& o, std::ostream& out) { write_human(reports, o.status, o.human, out); }},
    {"json", [](auto reports, const ReportOptions& o, std::ostream& out) { write_json(reports, o.status, out); }},
    {"gcc", [](auto reports, const ReportOptions& o, std::ostream& out) { write_gcc(reports, o.status, out); }},
    {"github", [](auto reports, const ReportOptions& o, std::ostream& out) { write_github(reports, o.status, out); }},
    {"junit", [](auto reports, const ReportOptions& o, std::ostream& out) { write_junit(reports, o.status, out); }},
    {"sarif", [](auto reports, const ReportOptions& o,
                 std::ostream& out) { write_sarif(reports, o.status, out, o.sarif_rules); }},
    {"gitlab", [](auto reports, const ReportOptions& o, std::ostream& out) { write_gitlab(reports, o.status, out); }},
    {"checkstyle",
     [](auto reports, const ReportOptions& o, std::ostream& out) { write_checkstyle(reports, o.status, out); }},
    {"html",
     [](auto reports, const ReportOptions& o, std::ostream& out) { write_html(reports, o.status, o.now, out); }},
}};

}  // namespace

std::span<const ReportFormat> report_formats() { return kFormats; }

const ReportFormat* find_report_format(std::string_view name) {
  for (const ReportFormat& format : kFormats) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

std::vector<std::string> report_format_names() {
  std::vector<std::string> names;
  for (const ReportFormat& format : kFormats) names.emplace_back(format.name);
  return names;
}

}  // namespace sitemaplint
