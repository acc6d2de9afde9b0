// Linting one input end to end: parse, run the selected rules, keep what reporters need.
#pragma once

#include <string>
#include <vector>

#include "diagnostic.h"
#include "set_facts.h"
#include "document.h"
#include "registry.h"
#include "settings.h"
#include "load/source.h"

namespace sitemaplint {

// A <sitemap> entry of an index (or a robots.txt's Sitemap: line): the child's URL and where its
// <loc> is, and its <lastmod>.
using ChildSitemap = Document::ChildRef;

struct FileReport {
  std::string path;
  std::string bytes;  // the uncompressed input, kept only when there are findings to place and show
  DocumentKind kind = DocumentKind::None;
  std::size_t entries = 0;
  std::vector<ChildSitemap> children;  // an index's children (a robots.txt's sitemaps), to follow them
  SetFacts set;  // with Settings::collect_set_facts: what checks across a set of files need
  std::vector<Diagnostic> diagnostics;  // sorted by offset, then rule code
};

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings);

// Convenience for tests and tools: lints in-memory bytes as if read from `path`.
FileReport lint_bytes(std::string path, std::string bytes, const RuleSelection& selection,
                      const Settings& settings);

}  // namespace sitemaplint
