#include "engine.h"

#include <algorithm>
#include <optional>

#include "dispatch.h"
#include "walker.h"

namespace sitemaplint {

RuleRun run_rules(Document& doc, const RuleSelection& selection, const Settings& settings) {
  RuleRun run;
  std::vector<ActiveRule> rules;
  rules.reserve(selection.enabled.size());
  for (const RuleInfo* info : selection.enabled) {
    ActiveRule active{info->make(settings),
                      RuleSink(*info, selection.severity_of(*info), run.diagnostics,
                               selection.kept_authorities[index_of(info->id)], settings.max_findings_per_rule),
                      {}};
    active.rule->subscribe(active.subscriptions);
    rules.push_back(std::move(active));
  }
  // The collectors that set-level rules share, each once, after the rules (it reports nothing;
  // its sink is that of the first rule that names it).
  const std::size_t rule_count = rules.size();
  std::vector<std::pair<RuleFactory, std::size_t>> collectors;  // and where each is in `rules`
  for (std::size_t i = 0; i < rule_count; ++i) {
    const RuleFactory make = rules[i].subscriptions.facts_collector_;
    if (!make || std::any_of(collectors.begin(), collectors.end(), [&](const auto& c) { return c.first == make; })) {
      continue;
    }
    const RuleInfo& first = rules[i].sink.rule();
    ActiveRule collector{make(settings), RuleSink(first, selection.severity_of(first), run.diagnostics), {}};
    collector.rule->subscribe(collector.subscriptions);
    collectors.emplace_back(make, rules.size());
    rules.push_back(std::move(collector));
  }
  // The HTML report's overview of the site (overview.h): one more collector, which reports nothing.
  std::optional<std::size_t> overview_at;
  if (settings.collect_overview) {
    const RuleInfo& any = rule_count > 0 ? rules.front().sink.rule() : *all_rules().front();
    ActiveRule collector{make_overview_collector(settings), RuleSink(any, Severity::Info, run.diagnostics), {}};
    collector.rule->subscribe(collector.subscriptions);
    overview_at = rules.size();
    rules.push_back(std::move(collector));
  }
  Dispatch dispatch(rules, run.diagnostics);
  dispatch.document(doc);
  if (doc.parsed) Walker(doc, dispatch).walk();
  else if (doc.kind == DocumentKind::Text) Walker(doc, dispatch).walk_text();
  else if (doc.kind == DocumentKind::Robots) Walker(doc, dispatch).walk_robots();
  dispatch.finish(doc);
  doc.tree.reset();
  doc.tree_memory.reset();
  for (std::size_t i = 0; i < rule_count; ++i) {
    ActiveRule& active = rules[i];
    active.sink.report_suppressed();
    if (active.subscriptions.set_ && !active.subscriptions.facts_collector_) {
      if (std::unique_ptr<FileFacts> facts = active.rule->take_facts()) {
        run.facts.emplace_back(active.sink.rule().id, std::move(facts));
      }
    }
  }
  for (const auto& [make, at] : collectors) {
    const std::shared_ptr<const FileFacts> facts = rules[at].rule->take_facts();
    if (!facts) continue;
    for (std::size_t i = 0; i < rule_count; ++i) {
      if (rules[i].subscriptions.facts_collector_ == make) run.facts.emplace_back(rules[i].sink.rule().id, facts);
    }
  }
  if (overview_at) run.overview = take_overview(*rules[*overview_at].rule);
  sort_diagnostics(run.diagnostics);
  return run;
}

}  // namespace sitemaplint
