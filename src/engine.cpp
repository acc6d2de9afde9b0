#include "engine.h"

#include <algorithm>

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
                               selection.kept_authorities[index_of(info->id)]),
                      {}};
    active.rule->subscribe(active.subscriptions);
    rules.push_back(std::move(active));
  }
  Dispatch dispatch(rules, run.diagnostics);
  dispatch.document(doc);
  if (doc.parsed) Walker(doc, dispatch).walk();
  else if (doc.kind == DocumentKind::Text) Walker(doc, dispatch).walk_text();
  else if (doc.kind == DocumentKind::Robots) Walker(doc, dispatch).walk_robots();
  dispatch.finish(doc);
  for (ActiveRule& active : rules) {
    active.sink.report_suppressed();
    if (active.subscriptions.set_) {
      if (std::unique_ptr<FileFacts> facts = active.rule->take_facts()) {
        run.facts.emplace_back(active.sink.rule().id, std::move(facts));
      }
    }
  }
  std::stable_sort(run.diagnostics.begin(), run.diagnostics.end(), diagnostic_order);
  return run;
}

}  // namespace sitemaplint
