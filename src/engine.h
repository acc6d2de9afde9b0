// Runs the selected rules over one parsed document: one walk of the tree, each event dispatched to
// the rules that asked for it. Returns the findings sorted by offset, then rule code.
#pragma once

#include <vector>

#include "diagnostic.h"
#include "document.h"
#include "registry.h"
#include "set_facts.h"
#include "settings.h"

namespace sitemaplint {

// With `facts`, also records each <url>'s loc hash and offset and the newest lastmod.
std::vector<Diagnostic> run_rules(Document& doc, const RuleSelection& selection, const Settings& settings,
                                  SetFacts* facts = nullptr);

}  // namespace sitemaplint
