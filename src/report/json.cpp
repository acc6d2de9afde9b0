// The JSON report. Stable and versioned: fields are only ever added, and "version" changes when
// an existing field changes meaning. docs/output.md documents the shape.
#include "report/json_stream.h"
#include "report/kind_name.h"
#include "report/source.h"
#include "report/report.h"
#include "rule.h"

namespace sitemaplint {
namespace {

void write_diagnostic(JsonWriter& json, const Diagnostic& d, const ReportSource& source, RunSources& sources) {
  const Position start = source.position(d.offset);
  const Position end = source.position(d.offset + d.length);
  json.begin_object();
  json.field("rule", d.rule->name);
  json.field("code", d.rule->code);
  json.field("severity", severity_name(d.severity));
  json.field("line", start.line);
  json.field("column", start.column);
  json.field("end_line", end.line);
  json.field("end_column", end.column);
  json.field("offset", d.offset);
  json.field("length", d.length);
  json.field("message", d.message);
  // Whose rule it is: the authorities this finding rests on, and Google's message for it.
  json.key("authority");
  json.begin_array();
  for (std::string_view name : authority_names(finding_authorities(d))) json.string(name);
  json.end_array();
  if (!d.rule->search_console.empty()) json.field("search_console", d.rule->search_console);
  if (d.fix) {
    json.key("fix");
    json.begin_object();
    json.field("description", d.fix->description);
    json.field("offset", d.fix->offset);
    json.field("length", d.fix->length);
    json.field("replacement", d.fix->replacement);
    json.end_object();
  }
  if (d.related) {
    json.key("related");
    json.begin_object();
    if (!d.related->path.empty()) json.field("path", d.related->path);
    const Position at = sources.related_position(d, source);
    json.field("line", at.line);
    json.field("column", at.column);
    json.field("message", d.related->message);
    json.end_object();
  }
  json.end_object();
}

}  // namespace

std::string_view document_kind_name(DocumentKind kind) {
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

// Written as it goes (report/json_stream.h): a run with many findings would otherwise build, and
// free, a tree of every value first. Ill-formed UTF-8 in messages (quoted from a broken input)
// comes out as U+FFFD, never a crash.
void write_json(std::span<const FileReport> reports, const RunStatus& status, std::ostream& out) {
  JsonWriter json(out);
  json.begin_object();
  json.field("version", kJsonFormatVersion);
  json.key("tool");
  json.begin_object();
  json.field("name", "sitemaplint");
  json.field("version", SITEMAPLINT_VERSION);
  json.end_object();
  json.key("files");
  json.begin_array();
  RunSources sources(reports);
  for (const FileReport& report : reports) {
    json.begin_object();
    json.field("path", report.path);
    if (!report.requested.empty()) json.field("requested", report.requested);
    json.field("kind", document_kind_name(report.kind));
    json.field("entries", report.entries);
    json.key("diagnostics");
    json.begin_array();
    if (!report.diagnostics.empty()) {
      const ReportSource source(report);
      for (const Diagnostic& d : report.diagnostics) write_diagnostic(json, d, source, sources);
    }
    json.end_array();
    json.end_object();
  }
  json.end_array();
  // Inputs that could not be read are part of the report, so a dashboard reading only the JSON
  // does not mistake a run that linted nothing for a clean one.
  json.key("input_errors");
  json.begin_array();
  for (const InputError& error : status.input_errors) {
    json.begin_object();
    json.field("path", error.path);
    json.field("message", error.message);
    json.end_object();
  }
  json.end_array();
  // Likewise a run that failed on its warnings says so, rather than leaving the reader to find the
  // limit, which lives on the command line or in a config file.
  const bool exceeded = status.warning_limit && status.warning_limit->exceeded();
  if (status.warning_limit) {
    const WarningLimit& limit = *status.warning_limit;
    json.key("max_warnings");
    json.begin_object();
    json.field("limit", limit.limit);
    json.field("warnings", limit.warnings);
    json.field("exceeded", exceeded);
    if (exceeded) json.field("message", limit.message());
    json.end_object();
  }
  if (status.pages) {
    const PageTally& t = status.pages->tally;
    json.key("pages");
    json.begin_object();
    json.field("source", status.pages->source);
    json.field("checked", t.checked());
    json.field("served", t.served);
    json.field("missing", t.missing);
    json.field("soft_404", t.fallback);
    json.field("redirected", t.redirect);
    json.field("refused", t.refused);
    json.field("noindex", t.noindex);
    json.field("canonical_elsewhere", t.canonical_elsewhere);
    json.field("other_origin", t.other_origin);
    if (status.pages->live) {
      json.field("failed", t.failed);
      json.field("client_errors", t.client_errors);
      json.field("server_errors", t.server_errors);
      json.field("unreachable", t.unreachable);
      json.field("other_statuses", t.other_statuses);
      json.field("blocked_by_robots", t.blocked);
      json.field("robots_unreachable", t.robots_unreachable);  // of blocked_by_robots
      json.field("not_fetched", t.skipped);
      if (!status.pages->note.empty()) json.field("not_fetched_because", status.pages->note);
    }
    json.key("unlisted");
    json.begin_array();
    for (const SitePage& page : status.pages->unlisted) {
      json.begin_object();
      json.field("url", page.url);
      json.field("file", page.file);
      json.end_object();
    }
    json.end_array();
    json.end_object();
  }
  const Totals totals = count(reports);
  json.key("summary");
  json.begin_object();
  json.field("files", totals.files);
  json.field("errors", totals.errors);
  json.field("warnings", totals.warnings);
  json.field("infos", totals.infos);
  json.field("fixable", totals.fixable);
  json.field("input_errors", status.input_errors.size());
  json.field("max_warnings_exceeded", exceeded);
  if (status.baseline_hidden) json.field("baseline_hidden", *status.baseline_hidden);
  json.end_object();
  json.end_object();
  json.flush();
  out << '\n';
}

}  // namespace sitemaplint
