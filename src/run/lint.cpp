#include "run/lint.h"

#include "engine.h"
#include "analysis/line_index.h"
#include "run/suppress.h"

namespace sitemaplint {

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings) {
  FileReport report;
  report.path = input.path;
  report.bytes = std::move(input.bytes);
  LoadFacts load{input.compressed, input.decompression_stopped, std::move(input.compression_error),
                 input.http_status, std::move(input.content_type), input.robots_txt};
  auto doc = parse_document(input.path, report.bytes, std::move(load));
  report.diagnostics = run_rules(*doc, selection, settings, settings.collect_set_facts ? &report.set : nullptr);
  apply_suppressions(*doc, report.bytes, selection, &report.diagnostics);
  if (!report.set.locs.empty()) {
    const LineIndex index(report.bytes);  // locs come in document order: one pass
    for (LocRecord& loc : report.set.locs) {
      const Position pos = index.position(loc.offset);
      loc.line = static_cast<std::uint32_t>(pos.line);
      loc.column = static_cast<std::uint32_t>(pos.column);
    }
  }
  report.kind = doc->kind;
  report.entries = doc->entry_count;
  report.children = std::move(doc->children);
  // Reporters need the bytes only to place and show findings; a clean file of a large site need
  // not stay in memory until the report is written. An index (or robots.txt) may still get
  // findings about its children, so it keeps them.
  if (report.diagnostics.empty() && report.children.empty()) std::string().swap(report.bytes);
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
