// How the engine runs the rules over a file: what it gathers besides findings, how many findings
// it keeps, on how many threads. Rules never see it; a run's Settings hold both.
#pragma once

#include <cstddef>

#include "settings.h"

namespace sitemaplint {

struct EngineOptions {
  bool collect_overview = false;  // gather the HTML report's overview of the site (overview.h)
  // Whether a finding in an entry records the entry's URL (Diagnostic::subject), which only a
  // baseline reads: the command line turns it off unless --baseline or --write-baseline is given.
  bool record_subjects = true;
  // Findings one rule may report in one file (the rest are counted). Fixing lifts it, so that one
  // pass fixes everything.
  std::size_t max_findings_per_rule = 10'000;
  // The findings are read for their fixes alone (the passes of --fix, --diff and the language
  // server's fix-all): only findings with a fix are kept, with their place and fix but no message
  // or description, which a file with a fix on every line would otherwise hold by the hundred
  // thousand (a finding with its texts took some 700 bytes, 210 without).
  bool fixes_only = false;
  // Threads the rules of one file may share, with the same findings: a large sitemap is walked in
  // lanes on them (engine/piece_lanes.h); another large XML file has its rules split between two
  // walks on two threads (engine.cpp). --jobs gives a run with fewer files than jobs the threads
  // the files leave idle.
  unsigned rule_threads = 1;
  // Threads that read the pages of a file's URLs ahead of the page rules (--pages): the cores the
  // files leave idle, as for rule_threads. Reading pages is most of such a run.
  unsigned page_threads = 0;
  // The smallest document whose rules are split: below it, the second walk of the tree costs about
  // what the rules it takes over save (a 10 MB sitemap gained nothing, 25 and 50 MB ones 10% to
  // 25%). Tests lower it to split every fixture.
  std::size_t split_rules_from_bytes = std::size_t{16} << 20;
  // The smallest <urlset> or <sitemapindex> parsed in pieces (engine/pieces.h), walked in lanes on
  // rule_threads threads, and how large a piece is at least. Tests lower both to parse every
  // fixture in pieces of one entry.
  std::size_t pieces_from_bytes = std::size_t{1} << 20;
  std::size_t piece_bytes = std::size_t{64} << 10;
};

// Everything one lint is given: what the rules read (RuleSettings, the factories get that part
// alone) and how the engine runs them.
struct Settings : RuleSettings {
  EngineOptions engine;
};

}  // namespace sitemaplint
