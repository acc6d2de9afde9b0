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
// A partition of a sharded set checked apart runs duplicate-across-sitemaps on its pages
// (Duplicates), then the hreflang graph on the pages its links concern (Graph: the rules on pages
// but duplicate-across-sitemaps).
enum class SetRulePart { All, OnPages, NotOnPages, Duplicates, Graph };

// Calls on_set of every set-level rule that at least one member runs; their findings are added to
// the members' reports (unsorted). With `spill`, the pages it wrote to disk are read back for the
// rules on pages; one that cannot be read back sets *error (the rules on pages then report less).
// The rules run on up to `threads` threads (not with pages spilled); their findings are added in
// rule order all the same.
void run_set_rules(std::span<SetMember> members, const Settings& settings, SetSpill* spill = nullptr,
                   std::string* error = nullptr, SetRulePart part = SetRulePart::All, unsigned threads = 1);

// A finding of a rule on pages on one partition of a set (set_shard.h), before the cap: its file
// (the member's index) and the subject it views, owned.
struct HeldFinding {
  std::uint32_t file = 0;
  Report report;
  std::string subject;
};

// What a rule on pages finds on one partition (each member's page facts hold only the pages of
// that partition, or those of its links): per file, the kMaxFindingsPerRule + 1 findings at the
// lowest offsets (those a run of the whole set shows, and the first it leaves out), and how many
// it made. A file's findings of one rule come in offset order in a run of the whole set.
struct PartitionFindings {
  RuleId rule{};
  std::vector<HeldFinding> kept;
  std::vector<std::size_t> counts;  // by file
};
// Runs the rules of `part` (Duplicates or Graph) that a member runs, each apart.
std::vector<PartitionFindings> run_alone(std::span<SetMember> members, const Settings& settings, SetRulePart part);

// Adds what every partition found (`next` gives each partition's findings in turn, false at the
// end) to the members' reports, capped and noted, rule by rule, as a run that held every page at
// once.
void add_partitioned(std::span<SetMember> members, const std::function<bool(std::vector<PartitionFindings>*)>& next);

// The end of a set's run: its set-level rules (when `settings`, the first member's, is given),
// then each member's findings sorted, its inline suppressions applied and SM901 made. The members
// were linted LintScope::InASet.
void finish_set(std::span<SetMember> members, const Settings* settings, SetSpill* spill = nullptr,
                std::string* error = nullptr, unsigned threads = 1);

}  // namespace sitemaplint
