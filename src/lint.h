// Linting one input end to end: parse, run the selected rules, keep what reporters need.
#pragma once

#include <string>
#include <vector>

#include "diagnostic.h"
#include "document.h"
#include "registry.h"
#include "settings.h"
#include "source.h"

namespace sitemaplint {

struct FileReport {
  std::string path;
  std::string bytes;  // the uncompressed input, kept only when there are findings to place and show
  DocumentKind kind = DocumentKind::None;
  std::size_t entries = 0;
  std::vector<Diagnostic> diagnostics;  // sorted by offset, then rule code
};

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings);

// Convenience for tests and tools: lints in-memory bytes as if read from `path`.
FileReport lint_bytes(std::string path, std::string bytes, const RuleSelection& selection,
                      const Settings& settings);

}  // namespace sitemaplint
