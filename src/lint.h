// Linting one input end to end: parse, run the selected rules, keep what reporters need.
#pragma once

#include <string>
#include <vector>

#include "diagnostic.h"
#include "set_facts.h"
#include "document.h"
#include "registry.h"
#include "settings.h"
#include "source.h"

namespace sitemaplint {

// A <sitemap> entry of an index: the child's URL and where its <loc> is, and its <lastmod>.
struct ChildSitemap {
  std::string url;  // trimmed, entities decoded
  std::size_t offset = 0;
  std::size_t length = 0;
  std::optional<std::int64_t> lastmod;  // seconds since the epoch, when present and valid
  std::size_t lastmod_offset = 0;
  std::size_t lastmod_length = 0;
};

struct FileReport {
  std::string path;
  std::string bytes;  // the uncompressed input, kept only when there are findings to place and show
  DocumentKind kind = DocumentKind::None;
  std::size_t entries = 0;
  std::vector<ChildSitemap> children;  // a sitemap index's children, for following them
  SetFacts set;  // with Settings::collect_set_facts: what checks across a set of files need
  std::vector<Diagnostic> diagnostics;  // sorted by offset, then rule code
};

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings);

// Convenience for tests and tools: lints in-memory bytes as if read from `path`.
FileReport lint_bytes(std::string path, std::string bytes, const RuleSelection& selection,
                      const Settings& settings);

}  // namespace sitemaplint
