#include "api/results.h"

#include "analysis/utf8.h"
#include "report/kind_name.h"
#include "report/source.h"
#include "rule.h"

namespace sitemaplint {
namespace {

api::Finding to_finding(const FileReport& report, const Diagnostic& d, const ReportSource& source,
                        RunSources& sources) {
  const Position start = source.position(d.offset);
  const Position end = source.position(d.offset + d.length);
  api::Finding f;
  f.code = d.rule->code;
  f.rule = d.rule->name;
  f.severity = static_cast<api::Severity>(d.severity);
  f.file = well_formed_utf8(report.path);
  f.line = start.line;
  f.column = start.column;
  f.end_line = end.line;
  f.end_column = end.column;
  f.offset = d.offset;
  f.length = d.length;
  f.message = well_formed_utf8(d.message);
  for (std::string_view name : authority_names(finding_authorities(d))) f.authorities.emplace_back(name);
  f.search_console = d.rule->search_console;
  if (d.fix) {
    f.fix = api::Fix{d.fix->offset, d.fix->length, well_formed_utf8(d.fix->replacement),
                     well_formed_utf8(d.fix->description)};
  }
  if (d.related) {
    const Position at = sources.related_position(d, source);
    f.related.push_back({well_formed_utf8(d.related->path.empty() ? report.path : d.related->path), at.line, at.column,
                         well_formed_utf8(d.related->message)});
  }
  return f;
}

}  // namespace

api::Result to_result(const std::vector<FileReport>& reports, const std::vector<InputError>& input_errors,
                      std::size_t left_out) {
  api::Result result;
  RunSources sources(reports);
  for (const FileReport& report : reports) {
    result.files.push_back({well_formed_utf8(report.path), well_formed_utf8(report.requested),
                            std::string(document_kind_name(report.kind)), report.entries});
    if (report.diagnostics.empty()) continue;
    const ReportSource source(report);
    for (const Diagnostic& d : report.diagnostics) result.findings.push_back(to_finding(report, d, source, sources));
  }
  for (const InputError& error : input_errors) {
    result.input_errors.push_back({well_formed_utf8(error.path), well_formed_utf8(error.message)});
  }
  const Totals totals = count(reports);
  result.summary = {totals.files,   totals.errors,       totals.warnings, totals.infos,
                    totals.fixable, input_errors.size(), left_out};
  return result;
}

api::PagesSummary to_pages_summary(const PagesSummary& pages) {
  const PageTally& t = pages.tally;
  api::PagesSummary out;
  out.source = well_formed_utf8(pages.source);
  out.live = pages.live;
  out.checked = t.checked();
  out.served = t.served;
  out.missing = t.missing;
  out.soft_404 = t.fallback;
  out.redirected = t.redirect;
  out.refused = t.refused;
  out.noindex = t.noindex;
  out.canonical_elsewhere = t.canonical_elsewhere;
  out.other_origin = t.other_origin;
  out.failed = t.failed;
  out.client_errors = t.client_errors;
  out.server_errors = t.server_errors;
  out.unreachable = t.unreachable;
  out.other_statuses = t.other_statuses;
  out.blocked_by_robots = t.blocked;
  out.robots_unreachable = t.robots_unreachable;
  out.not_fetched = t.skipped;
  out.not_fetched_because = well_formed_utf8(pages.note);
  for (const SitePage& page : pages.unlisted)
    out.unlisted.emplace_back(well_formed_utf8(page.url), well_formed_utf8(page.file));
  return out;
}

}  // namespace sitemaplint
