#include "run/lint.h"

#include "engine.h"

namespace sitemaplint {

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings, LintScope scope) {
  FileReport report;
  report.path = input.path;
  report.bytes = std::move(input.bytes);
  report.reloadable = input.reloadable;
  LoadFacts load{input.compressed, input.decompression_stopped, std::move(input.compression_error),
                 input.http_status, std::move(input.content_type), input.robots_txt};
  auto doc = parse_document(input.path, report.bytes, std::move(load));
  RuleRun run = run_rules(*doc, selection, settings);
  report.diagnostics = std::move(run.diagnostics);
  report.facts = std::move(run.facts);
  report.overview = std::move(run.overview);
  report.suppressions = Suppressions(*doc, report.bytes);
  report.suppressions.apply(&report.diagnostics);
  if (scope == LintScope::Alone) finish_suppressions(report, selection);
  report.kind = doc->kind;
  report.entries = doc->entry_count;
  report.children = std::move(doc->children);
  report.robots = doc->robots;
  // Reporters need the bytes only to place and show findings, and read a file from disk again for
  // that (report/source.h), one file at a time: a large site need not stay in memory until the
  // report is written, so memory is bounded by the largest file, not by the sum of the inputs.
  if (report.reloadable) std::string().swap(report.bytes);
  return report;
}

void finish_suppressions(FileReport& report, const RuleSelection& selection) {
  report.suppressions.report_unused(selection, &report.diagnostics);
}

FileReport lint_bytes(std::string path, std::string bytes, const RuleSelection& selection,
                      const Settings& settings) {
  Input input;
  input.path = std::move(path);
  input.bytes = std::move(bytes);
  return lint_input(std::move(input), selection, settings);
}

}  // namespace sitemaplint
