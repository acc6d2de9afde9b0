#include "engine/engine.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "engine/dispatch.h"
#include "engine/piece_lanes.h"
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

// One walk's rules, where they report, and what the walk records for the document.
struct Walk {
  RuleGroup group;
  std::unique_ptr<Dispatch> dispatch;  // over group.rules, which stay put
  WalkRecords records;
};

struct WalkShape {
  std::optional<std::size_t> thread_of_split;  // the rules of one thread of a split (thread_of)
  bool overview = false;  // with the HTML report's overview collector
  // A lane after the first: the first lane's rules, made already (Rule::walks_later_lane).
  RuleGroup* first_lane = nullptr;
  std::size_t findings_room = 0;
};

// Makes the rules of a walk, and gives them the document (on_document).
std::unique_ptr<Walk> make_walk(const Document& doc, const RuleSelection& selection, const Settings& settings,
                                const WalkShape& shape) {
  auto made = std::make_unique<Walk>();
  RuleGroup& group = made->group;
  for (const RuleInfo* info : selection.enabled) {
    if (shape.thread_of_split && thread_of(*info) != *shape.thread_of_split) continue;
    ActiveRule active{
        info->make(settings),
        RuleSink(*info, selection.severity_of(*info), group.diagnostics, selection.kept_authorities[index_of(info->id)],
                 settings.engine.max_findings_per_rule, settings.engine.fixes_only, selection.warning_authorities),
        {}};
    active.rule->subscribe(active.subscriptions);
    group.rules.push_back(std::move(active));
  }
  group.rule_count = group.rules.size();
  add_collectors(group, selection, settings, shape.overview);
  group.diagnostics.reserve(shape.findings_room);
  made->dispatch = std::make_unique<Dispatch>(group.rules, group.diagnostics, settings.engine.record_subjects);
  if (shape.first_lane) {
    // What a later lane's rules report of the document is the first lane's to report. The lanes'
    // rules are made alike, so the first lane's rule at each place is of the same class.
    for (std::size_t i = 0; i < group.rules.size(); ++i)
      group.rules[i].rule->walks_later_lane(*shape.first_lane->rules.at(i).rule);
    made->dispatch->document(doc);
    group.diagnostics.clear();
    for (ActiveRule& active : group.rules) active.sink.forget_findings();
  } else {
    made->dispatch->document(doc);
  }
  return made;
}

void walk(Document& doc, Dispatch& dispatch, WalkRecords* records, PieceSource* pieces = nullptr) {
  if (doc.parsed) Walker(doc, dispatch, records, pieces).walk();
  else if (doc.kind == DocumentKind::Text) Walker(doc, dispatch, records).walk_text();
  else if (doc.kind == DocumentKind::Robots) Walker(doc, dispatch, records).walk_robots();
}

// Runs `work` on `threads` - 1 more threads and this one (index 0), each given its index, and
// rethrows what the first of them threw once all are joined.
template <typename Work>
void on_threads(std::size_t threads, Work work) {
  std::vector<std::exception_ptr> failed(threads);
  std::vector<std::thread> others;
  for (std::size_t k = 1; k < threads; ++k) {
    others.emplace_back([&, k] {
      try {
        work(k);
      } catch (...) {
        failed[k] = std::current_exception();
      }
    });
  }
  try {
    work(0);
  } catch (...) {
    failed[0] = std::current_exception();
  }
  for (std::thread& other : others) other.join();
  for (const std::exception_ptr& e : failed) {
    if (e) std::rethrow_exception(e);
  }
}

// The lanes' rules folded into the first lane's, in lane order: a later lane's findings of each
// rule as if that rule's sink had been given them after the first lane's, then what the rule
// keeps (Rule::absorb).
void absorb_lane(RuleGroup& into, RuleGroup& later) {
  std::vector<RuleSink*> sinks(all_rules().size(), nullptr);
  for (std::size_t i = 0; i < into.rule_count; ++i) sinks[index_of(into.rules[i].sink.rule().id)] = &into.rules[i].sink;
  for (Diagnostic& d : later.diagnostics) sinks[index_of(d.rule->id)]->take_in(std::move(d));
  later.diagnostics.clear();
  for (std::size_t i = 0; i < into.rules.size(); ++i) {
    if (i < into.rule_count) into.rules[i].sink.take_in_left_out(later.rules[i].sink);
    into.rules[i].rule->absorb(*later.rules[i].rule, into.rules[i].sink);
  }
}

// The lanes folded into the first as soon as each lane and those before it are walked, by the
// thread that walked the last of them, while the other threads walk on: folded after all the
// lanes, the fold (the later lanes' findings and facts copied into the first lane's room, their
// pages faulted in) ran on one core at the run's end.
class LaneFold {
 public:
  explicit LaneFold(std::vector<std::unique_ptr<Walk>>& walks) : walks_(walks), walked_(walks.size(), false) {}

  // Lane `k` is walked: folds it, and the walked lanes after it, when every lane before is in. One
  // thread folds at a time, the lock let go meanwhile: a thread done with a lane then marks it and
  // walks on, and the folding thread takes the lane in when it gets there.
  void walked(std::size_t k) {
    std::unique_lock lock(mutex_);
    walked_[k] = true;
    if (folding_ || failed_) return;
    folding_ = true;
    while (folded_ < walks_.size() && walked_[0] && walked_[folded_]) {
      lock.unlock();
      try {
        fold_next();
      } catch (...) {
        lock.lock();
        folding_ = false;
        failed_ = true;  // the run is given up (PieceParseFailed): nothing more is folded
        throw;
      }
      lock.lock();
    }
    folding_ = false;
  }
  // After every lane is walked (and none threw): what is left, if any.
  void finish() {
    while (folded_ < walks_.size()) fold_next();
  }

 private:
  void fold_next() {
    const std::size_t k = folded_++;
    const WalkRecords& lane = walks_[k]->records;
    if (k > 0) {
      // Each lane counted on from the entries the cut guessed were before it: right only if the
      // lane before ended with as many, of each kind (EntryEndSearch::children_before_next).
      if (lane.entries_before != entries_ || lane.entries_before_of_kind != entries_of_kind_) throw PieceParseFailed();
    }
    entries_ = lane.entry_count;
    entries_of_kind_ = lane.entries_of_kind;
    if (k == 0) return;
    absorb_lane(walks_[0]->group, walks_[k]->group);
    walks_[0]->records.append(walks_[k]->records);
    walks_[k].reset();
  }

  std::vector<std::unique_ptr<Walk>>& walks_;
  std::mutex mutex_;
  std::vector<bool> walked_;
  bool folding_ = false, failed_ = false;  // guarded by mutex_
  std::size_t folded_ = 0;  // lanes [0, folded_) are in the first (the folding thread's)
  // Where the last lane folded ended: its entries, those of the lanes before counted, and by kind.
  std::size_t entries_ = 0;
  std::array<std::size_t, 3> entries_of_kind_{};
};

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
  // A large sitemap parsed in pieces is walked in lanes (engine/piece_lanes.h): each lane parses
  // and walks its share of the entries with rules of its own, and the lanes' rules are then folded
  // into the first's (Rule::absorb), which finishes the file. There are several lanes a thread,
  // each thread taking the next when it is done with one, so that none waits long for another.
  // Else, with a second thread to spare and a large XML document, the rules are split in two
  // groups and each thread walks the document for its own (the tree is only read; one walk records
  // what the document keeps).
  // Either way, findings are merged and sorted by diagnostic_order, which orders any two findings
  // of different rules, so the report is the one a single walk gives.
  const bool in_pieces = pieces && pieces->split() && doc.parsed;
  const std::size_t threads = std::max(settings.engine.rule_threads, 1u);
  bool split = !in_pieces && threads >= 2 && doc.parsed && doc.bytes.size() >= settings.engine.split_rules_from_bytes;
  if (split) {  // and only when each thread has rules to run
    const auto on_first = std::count_if(selection.enabled.begin(), selection.enabled.end(),
                                        [](const RuleInfo* info) { return thread_of(*info) == 0; });
    split = on_first > 0 && static_cast<std::size_t>(on_first) < selection.enabled.size();
  }
  // Room for the findings of a file that has many, from its size (one per 256 bytes, at most 2^17):
  // grown by doubling, 20,000 findings were copied twice, each copy into memory touched for the
  // first time. Room never used is address space only; lint_input gives it back for a file of a
  // set (Settings::sole_input).
  const std::size_t findings_room = std::min<std::size_t>(doc.bytes.size() / 256, std::size_t{1} << 17);
  const bool overview = settings.engine.collect_overview;
  std::vector<std::unique_ptr<Walk>> walks(split ? 2 : 1);
  if (in_pieces) {
    // One lane on one thread; on more, several a thread (piece_lanes.h), each thread taking the
    // next when it is done with one.
    PieceLanes source(*pieces, static_cast<unsigned>(threads));
    const std::size_t lanes = source.count();
    walks.resize(lanes);
    walks[0] = make_walk(doc, selection, settings, {.overview = overview, .findings_room = findings_room / threads});
    std::atomic<std::size_t> next_lane{threads};  // thread t walks lane t first
    LaneFold fold(walks);
    on_threads(threads, [&](std::size_t thread) {
      for (std::size_t k = thread; k < lanes; k = next_lane.fetch_add(1)) {
        if (k == 0) {
          Walker(doc, *walks[0]->dispatch, &walks[0]->records, &source.lane(0)).walk();
        } else {
          const LaterLane later{source.children_before(static_cast<unsigned>(k))};
          walks[k] =
              make_walk(doc, selection, settings,
                        {.overview = overview, .first_lane = &walks[0]->group, .findings_room = findings_room / lanes});
          Walker(doc, *walks[k]->dispatch, &walks[k]->records, &source.lane(static_cast<unsigned>(k)), &later).walk();
        }
        fold.walked(k);
      }
    });
    fold.finish();
  } else if (split) {
    for (std::size_t g = 0; g < 2; ++g)
      walks[g] = make_walk(doc, selection, settings,
                           {.thread_of_split = g, .overview = overview && g == 0, .findings_room = findings_room});
    on_threads(2, [&](std::size_t g) { walk(doc, *walks[g]->dispatch, g == 0 ? &walks[0]->records : nullptr); });
  } else {
    walks[0] = make_walk(doc, selection, settings, {.overview = overview, .findings_room = findings_room});
    walk(doc, *walks[0]->dispatch, &walks[0]->records);
  }
  walks[0]->records.append_to(doc);
  // The tree goes before on_finish (no rule reads it there): what rules build when the file ends
  // (duplicate-loc's sort, say) does not add to the peak on top of it. After the walks, what the
  // recording walk found for the document is complete.
  doc.tree.reset();
  // With more files to come, this thread's next tree is built in the same room.
  if (settings.sole_input) doc.tree_memory.reset();
  else TreeMemory::give_back(std::move(doc.tree_memory));
  RuleRun run;
  for (std::size_t g = 0; g < (split ? 2u : 1u); ++g) {
    walks[g]->dispatch->finish(doc);
    collect(walks[g]->group, run);
  }
  sort_diagnostics(run.diagnostics);
  return run;
}

}  // namespace sitemaplint
