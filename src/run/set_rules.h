// Runs the set-level rules once over a whole run: each gets the facts it kept of every file and
// the links between indexes and their children, and reports through a sink that applies the same
// per-rule cap, severity and selection as the file's own findings. Suppressions and SM901 come
// after, in lint_site.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/profile.h"
#include "rule.h"
#include "run/lint.h"

namespace sitemaplint {

// One file of the run: its report (none when it could not be read), the selection it was linted
// with, how it was reached, and what following its children found.
struct SetMember {
  FileReport* report = nullptr;
  const RuleSelection* selection = nullptr;
  std::size_t parent = kNoFile;
  std::vector<ChildLink> children;
};

class SetSpill;

// Which set-level rules a call runs: a shard of a set (set_shard.h) runs those on an index and its
// children, which it holds whole, and leaves the rules on pages (duplicates across sitemaps, the
// hreflang graph), which compare every file of the set, to the merge.
enum class SetRulePart { All, OnPages, NotOnPages };

// Calls on_set of every set-level rule that at least one member runs; their findings are added to
// the members' reports (unsorted). With `spill`, the pages it wrote to disk are read back for the
// rules on pages; one that cannot be read back sets *error (the rules on pages then report less).
void run_set_rules(std::span<SetMember> members, const Settings& settings, SetSpill* spill = nullptr,
                   std::string* error = nullptr, SetRulePart part = SetRulePart::All);

// The end of a set's run: its set-level rules (when `settings`, the first member's, is given),
// then each member's findings sorted, its inline suppressions applied and SM901 made. The members
// were linted LintScope::InASet.
void finish_set(std::span<SetMember> members, const Settings* settings, SetSpill* spill = nullptr,
                std::string* error = nullptr);

}  // namespace sitemaplint
