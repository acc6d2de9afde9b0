// Runs the set-level rules once over a whole run: each gets the facts it kept of every file and
// the links between indexes and their children, and reports through a sink that applies the same
// per-rule cap, severity and selection as the file's own findings. Suppressions and SM901 come
// after, in lint_site.
#pragma once

#include <functional>
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
// The merge of a set's partitions checked apart runs the hreflang graph alone (Graph: the rules on
// pages but duplicate-across-sitemaps, whose findings the partitions bring).
enum class SetRulePart { All, OnPages, NotOnPages, Graph };

// Calls on_set of every set-level rule that at least one member runs; their findings are added to
// the members' reports (unsorted). With `spill`, the pages it wrote to disk are read back for the
// rules on pages; one that cannot be read back sets *error (the rules on pages then report less).
void run_set_rules(std::span<SetMember> members, const Settings& settings, SetSpill* spill = nullptr,
                   std::string* error = nullptr, SetRulePart part = SetRulePart::All);

// A finding of duplicate-across-sitemaps on one partition of a set (set_shard.h), before the cap:
// its file (the member's index) and the subject it views, owned.
struct HeldFinding {
  std::uint32_t file = 0;
  Report report;
  std::string subject;
};

// What duplicate-across-sitemaps finds on one partition (each member's page facts hold only the
// pages of that partition): per file, the kMaxFindingsPerRule + 1 findings at the lowest offsets
// (those a run of the whole set shows, and the first it leaves out), and how many it made.
struct PartitionFindings {
  std::vector<HeldFinding> kept;
  std::vector<std::size_t> counts;  // by file
};
PartitionFindings run_duplicates_alone(std::span<SetMember> members, const Settings& settings);

// Adds the duplicates every partition found (`next` gives each partition's in turn, false at the
// end) to the members' reports, capped and noted as a run that held every page at once.
void add_duplicates(std::span<SetMember> members, const std::function<bool(PartitionFindings*)>& next);

// The end of a set's run: its set-level rules (when `settings`, the first member's, is given),
// then each member's findings sorted, its inline suppressions applied and SM901 made. The members
// were linted LintScope::InASet.
void finish_set(std::span<SetMember> members, const Settings* settings, SetSpill* spill = nullptr,
                std::string* error = nullptr);

}  // namespace sitemaplint
