// The JSON report. Stable and versioned: fields are only ever added, and "version" changes when
// an existing field changes meaning. README.md documents the shape.
#include <nlohmann/json.hpp>

#include "report/source.h"
#include "report/report.h"
#include "rule.h"

namespace sitemaplint {
namespace {

std::string_view kind_name(DocumentKind kind) {
  switch (kind) {
    case DocumentKind::UrlSet: return "urlset";
    case DocumentKind::SitemapIndex: return "sitemapindex";
    case DocumentKind::Feed: return "feed";
    case DocumentKind::Text: return "text";
    case DocumentKind::Robots: return "robots";
    case DocumentKind::NotSitemap: return "not-sitemap";
    case DocumentKind::Other: return "other";
    case DocumentKind::None: break;
  }
  return "unknown";
}

nlohmann::ordered_json diagnostic_json(const Diagnostic& d, const ReportSource& source, RunSources& sources) {
  const Position start = source.position(d.offset);
  const Position end = source.position(d.offset + d.length);
  nlohmann::ordered_json j;
  j["rule"] = d.rule->name;
  j["code"] = d.rule->code;
  j["severity"] = severity_name(d.severity);
  j["line"] = start.line;
  j["column"] = start.column;
  j["end_line"] = end.line;
  j["end_column"] = end.column;
  j["offset"] = d.offset;
  j["length"] = d.length;
  j["message"] = d.message;
  // Whose rule it is: the authorities this finding rests on, and Google's message for it.
  j["authority"] = authority_names(finding_authorities(d));
  if (!d.rule->search_console.empty()) j["search_console"] = d.rule->search_console;
  if (d.fix) {
    j["fix"] = {{"description", d.fix->description},
                {"offset", d.fix->offset},
                {"length", d.fix->length},
                {"replacement", d.fix->replacement}};
  }
  if (d.related) {
    nlohmann::ordered_json related;
    if (!d.related->path.empty()) related["path"] = d.related->path;
    const Position at = sources.related_position(d, source);
    related["line"] = at.line;
    related["column"] = at.column;
    related["message"] = d.related->message;
    j["related"] = related;
  }
  return j;
}

}  // namespace

void write_json(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out) {
  nlohmann::ordered_json root;
  root["version"] = kJsonFormatVersion;
  root["tool"] = {{"name", "sitemaplint"}, {"version", SITEMAPLINT_VERSION}};
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  RunSources sources(reports);
  for (const FileReport& report : reports) {
    nlohmann::ordered_json file;
    file["path"] = report.path;
    if (!report.requested.empty()) file["requested"] = report.requested;
    file["kind"] = kind_name(report.kind);
    file["entries"] = report.entries;
    nlohmann::ordered_json diagnostics = nlohmann::ordered_json::array();
    if (!report.diagnostics.empty()) {
      const ReportSource source(report);
      for (const Diagnostic& d : report.diagnostics) diagnostics.push_back(diagnostic_json(d, source, sources));
    }
    file["diagnostics"] = std::move(diagnostics);
    files.push_back(std::move(file));
  }
  root["files"] = std::move(files);
  // Inputs that could not be read are part of the report, so a dashboard reading only the JSON
  // does not mistake a run that linted nothing for a clean one.
  nlohmann::ordered_json unreadable = nlohmann::ordered_json::array();
  for (const InputError& error : status.input_errors) {
    unreadable.push_back({{"path", error.path}, {"message", error.message}});
  }
  root["input_errors"] = std::move(unreadable);
  // Likewise a run that failed on its warnings says so, rather than leaving the reader to find the
  // limit, which lives on the command line or in a config file.
  const bool exceeded = status.warning_limit && status.warning_limit->exceeded();
  if (status.warning_limit) {
    const WarningLimit& limit = *status.warning_limit;
    root["max_warnings"] = {{"limit", limit.limit}, {"warnings", limit.warnings}, {"exceeded", exceeded}};
    if (exceeded) root["max_warnings"]["message"] = limit.message();
  }
  const Totals totals = count(reports);
  root["summary"] = {{"files", totals.files},
                     {"errors", totals.errors},
                     {"warnings", totals.warnings},
                     {"infos", totals.infos},
                     {"fixable", totals.fixable},
                     {"input_errors", status.input_errors.size()},
                     {"max_warnings_exceeded", exceeded}};
  // Invalid UTF-8 in messages (quoted from a broken input) is replaced, never a crash.
  out << root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

}  // namespace sitemaplint
