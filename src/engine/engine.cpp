#include "engine/engine.h"

#include <algorithm>
#include <array>
#include <exception>
#include <optional>
#include <thread>

#include "engine/dispatch.h"
#include "engine/walker.h"

namespace sitemaplint {
namespace {

// Which of two threads runs a family's rules when a file's rules are split: the URL rules, the
// extension families and the checks across the set, which share each entry's URL analyses and
// keys and the extension blocks, on one; the rules of the sitemap's own elements and values on the
// other, whose walk then gathers no extension block and analyses no URL. A rule's findings do not
// depend on where it runs.
std::size_t thread_of(const RuleInfo& info) {
  switch (info.family->id) {
    case FamilyId::url:
    case FamilyId::image:
    case FamilyId::video:
    case FamilyId::news:
    case FamilyId::hreflang:
    case FamilyId::site: return 0;
    default: return 1;
  }
}

// The rules one walk dispatches to, with the findings they make.
struct RuleGroup {
  std::vector<ActiveRule> rules;
  std::size_t rule_count = 0;  // rules[0, rule_count) are selected rules; then the collectors
  std::vector<std::pair<RuleFactory, std::size_t>> collectors;  // and where each is in `rules`
  std::optional<std::size_t> overview_at;
  std::vector<Diagnostic> diagnostics;
};

void add_collectors(RuleGroup& group, const RuleSelection& selection, const Settings& settings, bool overview) {
  // The collectors that set-level rules share, each once, after the rules (it reports nothing;
  // its sink is that of the first rule that names it).
  for (std::size_t i = 0; i < group.rule_count; ++i) {
    const RuleFactory make = group.rules[i].subscriptions.plan().facts_collector;
    if (!make ||
        std::any_of(group.collectors.begin(), group.collectors.end(), [&](const auto& c) { return c.first == make; })) {
      continue;
    }
    const RuleInfo& first = group.rules[i].sink.rule();
    ActiveRule collector{make(settings), RuleSink(first, selection.severity_of(first), group.diagnostics), {}};
    collector.rule->subscribe(collector.subscriptions);
    group.collectors.emplace_back(make, group.rules.size());
    group.rules.push_back(std::move(collector));
  }
  // The HTML report's overview of the site (overview.h): one more collector, which reports nothing.
  if (overview) {
    const RuleInfo& any = group.rule_count > 0 ? group.rules.front().sink.rule() : *all_rules().front();
    ActiveRule collector{make_overview_collector(settings), RuleSink(any, Severity::Info, group.diagnostics), {}};
    collector.rule->subscribe(collector.subscriptions);
    group.overview_at = group.rules.size();
    group.rules.push_back(std::move(collector));
  }
}

void walk(Document& doc, Dispatch& dispatch, bool records_document, PieceParser* pieces = nullptr) {
  if (doc.parsed) Walker(doc, dispatch, records_document, pieces).walk();
  else if (doc.kind == DocumentKind::Text) Walker(doc, dispatch, records_document).walk_text();
  else if (doc.kind == DocumentKind::Robots) Walker(doc, dispatch, records_document).walk_robots();
}

void collect(RuleGroup& group, RuleRun& run) {
  for (std::size_t i = 0; i < group.rule_count; ++i) {
    ActiveRule& active = group.rules[i];
    active.sink.report_suppressed();
    if (active.subscriptions.plan().set && !active.subscriptions.plan().facts_collector) {
      if (std::unique_ptr<FileFacts> facts = active.rule->take_facts()) {
        run.facts.emplace_back(active.sink.rule().id, std::move(facts));
      }
    }
  }
  for (const auto& [make, at] : group.collectors) {
    const std::shared_ptr<const FileFacts> facts = group.rules[at].rule->take_facts();
    if (!facts) continue;
    for (std::size_t i = 0; i < group.rule_count; ++i) {
      if (group.rules[i].subscriptions.plan().facts_collector == make)
        run.facts.emplace_back(group.rules[i].sink.rule().id, facts);
    }
  }
  if (group.overview_at) run.overview = take_overview(*group.rules[*group.overview_at].rule);
  if (run.diagnostics.empty()) {
    run.diagnostics = std::move(group.diagnostics);
  } else {
    run.diagnostics.insert(run.diagnostics.end(), std::make_move_iterator(group.diagnostics.begin()),
                           std::make_move_iterator(group.diagnostics.end()));
  }
}

}  // namespace

RuleRun run_rules(Document& doc, const RuleSelection& selection, const Settings& settings,
                  const DocumentPieces* pieces) {
  // With a second thread to spare and a large XML document, the rules are split in two groups and
  // each thread walks the document for its own (the tree is only read; one walk records what the
  // document keeps). Findings are merged and sorted by diagnostic_order, which orders any two
  // findings of different rules, so the report is the one a single walk gives.
  // In pieces, the other threads parse them instead: one walk, which the parse of the whole
  // document no longer holds up, costs less than two.
  const bool in_pieces = pieces && pieces->split() && doc.parsed;
  bool split = !in_pieces && settings.engine.rule_threads >= 2 && doc.parsed &&
               doc.bytes.size() >= settings.engine.split_rules_from_bytes;
  if (split) {  // and only when each thread has rules to run
    const auto on_first = std::count_if(selection.enabled.begin(), selection.enabled.end(),
                                        [](const RuleInfo* info) { return thread_of(*info) == 0; });
    split = on_first > 0 && static_cast<std::size_t>(on_first) < selection.enabled.size();
  }
  std::array<RuleGroup, 2> groups;  // RuleSinks point at their group's findings: the groups stay put
  for (const RuleInfo* info : selection.enabled) {
    RuleGroup& group = groups[split ? thread_of(*info) : 0];
    ActiveRule active{
        info->make(settings),
        RuleSink(*info, selection.severity_of(*info), group.diagnostics, selection.kept_authorities[index_of(info->id)],
                 settings.engine.max_findings_per_rule, settings.engine.fixes_only, selection.warning_authorities),
        {}};
    active.rule->subscribe(active.subscriptions);
    group.rules.push_back(std::move(active));
  }
  for (std::size_t g = 0; g < groups.size(); ++g) {
    groups[g].rule_count = groups[g].rules.size();
    add_collectors(groups[g], selection, settings, settings.engine.collect_overview && g == 0);
  }
  // Room for the findings of a file that has many, from its size (one per 256 bytes, at most 2^17):
  // grown by doubling, 20,000 findings were copied twice, each copy into memory touched for the
  // first time. Room never used is address space only; lint_input gives it back for a file of a
  // set (Settings::sole_input).
  const std::size_t findings_room = std::min<std::size_t>(doc.bytes.size() / 256, std::size_t{1} << 17);
  for (std::size_t g = 0; g < (split ? 2u : 1u); ++g) groups[g].diagnostics.reserve(findings_room);
  Dispatch first(groups[0].rules, groups[0].diagnostics, settings.engine.record_subjects);
  Dispatch second(groups[1].rules, groups[1].diagnostics, settings.engine.record_subjects);
  first.document(doc);
  second.document(doc);
  if (split) {
    std::exception_ptr failed;
    std::thread other([&] {
      try {
        walk(doc, second, false);
      } catch (...) {
        failed = std::current_exception();
      }
    });
    std::exception_ptr failed_here;  // the other thread is joined whatever happens here
    try {
      walk(doc, first, true);
    } catch (...) {
      failed_here = std::current_exception();
    }
    other.join();
    if (failed_here) std::rethrow_exception(failed_here);
    if (failed) std::rethrow_exception(failed);
  } else if (in_pieces) {
    PieceParser parser(*pieces, std::max(settings.engine.rule_threads, 1u) - 1);
    walk(doc, first, true, &parser);
  } else {
    walk(doc, first, true);
  }
  // The tree goes before on_finish (no rule reads it there): what rules build when the file ends
  // (duplicate-loc's sort, say) does not add to the peak on top of it. After both walks, what the
  // recording walk found for the document is complete.
  doc.tree.reset();
  // With more files to come, this thread's next tree is built in the same room.
  if (settings.sole_input) doc.tree_memory.reset();
  else TreeMemory::give_back(std::move(doc.tree_memory));
  first.finish(doc);
  second.finish(doc);
  RuleRun run;
  for (RuleGroup& group : groups) collect(group, run);
  sort_diagnostics(run.diagnostics);
  return run;
}

}  // namespace sitemaplint
