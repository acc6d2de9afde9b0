#include "lint.h"

#include "engine.h"

namespace sitemaplint {

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings) {
  FileReport report;
  report.path = input.path;
  report.bytes = std::move(input.bytes);
  LoadFacts load{input.compressed, input.decompression_stopped, std::move(input.compression_error),
                 input.http_status, std::move(input.content_type)};
  auto doc = parse_document(input.path, report.bytes, std::move(load));
  report.diagnostics = run_rules(*doc, selection, settings);
  report.kind = doc->kind;
  report.entries = doc->entry_count;
  // Reporters need the bytes only to place and show findings; a clean file of a large site need
  // not stay in memory until the report is written.
  if (report.diagnostics.empty()) std::string().swap(report.bytes);
  return report;
}

FileReport lint_bytes(std::string path, std::string bytes, const RuleSelection& selection,
                      const Settings& settings) {
  Input input;
  input.path = std::move(path);
  input.bytes = std::move(bytes);
  return lint_input(std::move(input), selection, settings);
}

}  // namespace sitemaplint
