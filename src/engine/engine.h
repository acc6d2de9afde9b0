// Runs the selected rules over one parsed document: one walk, each event dispatched to the rules
// that subscribed to it. Set-level rules also leave what they need of the file for their on_set.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "diagnostic.h"
#include "document.h"
#include "engine/overview.h"
#include "engine/registry.h"
#include "engine/engine_options.h"
#include "engine/pieces.h"

namespace sitemaplint {

// What set-level rules kept of one file, by rule.
using KeptFacts = std::vector<std::pair<RuleId, std::shared_ptr<const FileFacts>>>;

struct RuleRun {
  std::vector<Diagnostic> diagnostics;  // sorted by diagnostic_order
  KeptFacts facts;
  std::shared_ptr<const SiteOverview> overview;  // with EngineOptions::collect_overview only
};

// Walks `doc` once with the selected rules (twice on two threads, each walk with some of them,
// when EngineOptions::rule_threads allows and the document is large). When the walk is over, and before
// on_finish, its tree is freed (doc.tree is empty on return): what rules build at the end, and the
// facts they keep, copied without growth slack, should not add to the peak on top of the tree.
// `pieces`: the root's content, when parse_document left it in pieces: they are parsed on
// EngineOptions::rule_threads threads while one walk runs every rule (their findings are those of
// the whole document's walk). Throws PieceParseFailed when pugixml does not take a piece: the
// document is then parsed again whole and linted afresh.
RuleRun run_rules(Document& doc, const RuleSelection& selection, const Settings& settings,
                  const DocumentPieces* pieces = nullptr);

}  // namespace sitemaplint
