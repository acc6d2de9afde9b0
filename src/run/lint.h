// Linting one input end to end: parse, run the selected rules, apply its inline suppressions, keep
// what reporters and the checks across a set of files need.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "diagnostic.h"
#include "document.h"
#include "engine/engine.h"
#include "load/source.h"
#include "engine/registry.h"
#include "run/suppress.h"
#include "engine/engine_options.h"

namespace sitemaplint {

// A <sitemap> entry of an index (or a robots.txt's Sitemap: line): the child's URL and where its
// <loc> is, and its <lastmod>.
using ChildSitemap = Document::ChildRef;

struct FileReport {
  std::string path;  // as given; for a URL, where it was served from after redirects
  std::string requested;  // the URL as given, when redirects led elsewhere
  // The uncompressed input. A file read from disk gives its bytes up after linting (a large site
  // need not stay in memory); `reloadable` says they can be read again to place and show its
  // findings (see report/source.h).
  std::string bytes;
  bool reloadable = false;
  // A lone file parsed in place keeps the buffer it was linted in, overwritten: a reporter that
  // shows lines reads the file again into it (report/source.h) rather than into fresh memory,
  // whose every page the kernel would fault in and zero again.
  mutable std::string spare_buffer;
  unsigned reload_threads = 1;  // threads that may read it again: the file's own at lint time (--jobs)
  // Where the findings of a file that gave its bytes up are (their starts, ends, fixes and related
  // places in the file), worked out from the bytes before they went, in the worker that linted it:
  // a report that shows no source text (--quiet, gcc, GitHub, ...) then reads no file again.
  // Findings made later (the checks across a set) are placed by reading the file again.
  struct Placed {
    std::uint32_t offset = 0;  // inputs are at most 1 GiB long
    std::uint32_t line = 0, column = 0, utf16_column = 0;
  };
  std::vector<Placed> placed;  // by offset
  DocumentKind kind = DocumentKind::None;
  std::size_t entries = 0;
  std::vector<ChildSitemap> children;  // an index's children (a robots.txt's sitemaps), to follow them
  std::shared_ptr<const RobotsTxt> robots;  // a robots.txt's groups, to check the run's URLs against
  KeptFacts facts;  // what set-level rules kept of this file
  Suppressions suppressions;  // its inline suppressions, for findings made later
  std::shared_ptr<const SiteOverview> overview;  // its URLs, lastmods, hosts (EngineOptions::collect_overview)
  std::vector<Diagnostic> diagnostics;  // sorted by diagnostic_order
};

// In a set, SM901 (suppressions that silenced nothing) waits until the set's own findings are in:
// call finish_suppressions() then. Alone, the report is complete.
enum class LintScope { Alone, InASet };

FileReport lint_input(Input input, const RuleSelection& selection, const Settings& settings,
                      LintScope scope = LintScope::Alone);

// The SM901 findings of a report linted InASet, once every finding is in.
void finish_suppressions(FileReport& report, const RuleSelection& selection);

// Convenience for tests and tools: lints in-memory bytes as if read from `path`.
FileReport lint_bytes(std::string path, std::string bytes, const RuleSelection& selection, const Settings& settings);

// Lints `text` as if read from `path`, where the caller keeps the text: the report holds no copy
// of it (its `bytes` stay empty; pugixml parses a copy of its own). The language server's
// documents and the passes of a fix, whose texts are large and already held.
FileReport lint_borrowed(std::string path, std::string_view text, const RuleSelection& selection,
                         const Settings& settings);

}  // namespace sitemaplint
