#include "run/set_rules.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <thread>

#include "engine/rule_sink.h"
#include "load/mapped_file.h"
#include "load/source.h"
#include "rules/hreflang/utils/page_facts.h"
#include "run/set_spill.h"

namespace sitemaplint {
namespace {

class MemberSink final : public SetSink {
 public:
  MemberSink(const RuleInfo& rule, std::span<SetMember> members)
      : rule_(rule), members_(members), caps_(members.size()) {}

  // Whether a finding in `file` is kept at all, before the cap.
  bool accepts(std::size_t file, const Report& finding) const {
    if (file >= members_.size() || !members_[file].report || !members_[file].selection->is_enabled(rule_.id))
      return false;
    const std::uint32_t rests_on = finding.rests_on != 0 ? finding.rests_on : rule_.authorities;
    return kept(rests_on, members_[file].selection->kept_authorities[index_of(rule_.id)]);
  }

  void report(std::size_t file, Report finding) override {
    if (!accepts(file, finding)) return;
    const std::uint32_t authorities = finding.rests_on;
    const std::uint32_t rests_on = authorities != 0 ? authorities : rule_.authorities;
    if (!caps_[file].admit(finding.at.offset)) return;
    Diagnostic d;
    d.rule = &rule_;
    d.severity = finding_severity(members_[file].selection->severity_of(rule_), rests_on,
                                  members_[file].selection->warning_authorities);
    d.offset = finding.at.offset;
    d.length = finding.at.length;
    d.message = std::move(finding.message);
    d.fix = std::move(finding.fix);
    d.related = std::move(finding.related);
    d.subject = finding.subject;
    d.authorities = authorities == rule_.authorities ? 0 : authorities;
    // Kept here until finish(): rules may run on several threads, each with a sink of its own.
    found_.emplace_back(file, std::move(d));
  }

  std::string_view text(std::size_t file, std::size_t offset, std::size_t length) override {
    if (file >= members_.size() || !members_[file].report) return {};
    const FileReport& report = *members_[file].report;
    std::string_view bytes = report.bytes;
    if (bytes.empty() && report.reloadable) {
      if (loaded_file_ != file) {
        loaded_.clear();
        if (!(mapped_ = MappedFile::map(report.path, kMaxInputBytes))) {
          Input input;
          std::string error;
          if (load_input(report.path, &input, &error)) loaded_ = std::move(input.bytes);
        }
        loaded_file_ = file;
      }
      bytes = mapped_ ? mapped_->bytes() : std::string_view(loaded_);
    }
    if (offset > bytes.size()) return {};
    return bytes.substr(offset, length);
  }

  // The file text() read last, let go.
  void done_reading() {
    mapped_.reset();
    std::string().swap(loaded_);
    loaded_file_ = kNoFile;
  }

  // Findings a rule made past the cap and only counted (KeptLowest).
  void leave_out(std::size_t file, std::size_t count) { caps_[file].leave_out(count); }

  // The findings into the members' reports, with a note for each file past the cap: on one thread,
  // rule after rule.
  void finish() {
    for (auto& [file, d] : found_) members_[file].report->diagnostics.push_back(std::move(d));
    found_.clear();
    for (std::size_t f = 0; f < members_.size(); ++f) {
      if (!members_[f].report) continue;
      if (auto note = caps_[f].note(rule_, members_[f].selection->severity_of(rule_))) {
        members_[f].report->diagnostics.push_back(std::move(*note));
      }
    }
  }

 private:
  const RuleInfo& rule_;
  std::span<SetMember> members_;
  std::vector<FindingCap> caps_;
  std::vector<std::pair<std::size_t, Diagnostic>> found_;  // (file, finding), in the order made
  std::size_t loaded_file_ = kNoFile;  // the released file read again last, for text()
  std::optional<MappedFile> mapped_;  // its bytes, mapped (load/mapped_file.h), or else
  std::string loaded_;  // read
};

// Where a rule run one group of partitions at a time reports: per file, how many findings it made
// and the kMaxFindingsPerRule + 1 at the lowest offsets (those the whole run shows, and the first
// it leaves out), replayed in offset order at the end, so the cap and its note are the ones of a
// run that held every page at once (whose findings come in offset order: SM803's do).
class KeptLowest final : public SetSink {
 public:
  KeptLowest(MemberSink& out, std::size_t files) : out_(out), files_(files) {}

  void report(std::size_t file, Report finding) override {
    if (!out_.accepts(file, finding)) return;
    File& kept = files_[file];
    ++kept.count;
    // The finding's subject views the rule's own text, gone once the rule moves on: kept owned,
    // and viewed again when replayed.
    std::string subject(finding.subject);
    Kept owned{std::move(finding), std::move(subject)};
    if (kept.lowest.size() <= kMaxFindingsPerRule) {
      kept.lowest.push_back(std::move(owned));
      std::push_heap(kept.lowest.begin(), kept.lowest.end(), lower_offset);
    } else if (owned.report.at.offset < kept.lowest.front().report.at.offset) {
      std::pop_heap(kept.lowest.begin(), kept.lowest.end(), lower_offset);
      kept.lowest.back() = std::move(owned);
      std::push_heap(kept.lowest.begin(), kept.lowest.end(), lower_offset);
    }
  }
  std::string_view text(std::size_t file, std::size_t offset, std::size_t length) override {
    return out_.text(file, offset, length);
  }

  // Findings a partition made past what it kept (PartitionFindings::counts).
  void also_counted(std::size_t file, std::size_t count) { files_[file].count += count; }

  // What is kept, handed over (the partition's part of the set).
  PartitionFindings held() {
    PartitionFindings out;
    for (std::size_t f = 0; f < files_.size(); ++f) {
      out.counts.push_back(files_[f].count);
      for (Kept& k : files_[f].lowest)
        out.kept.push_back({static_cast<std::uint32_t>(f), std::move(k.report), std::move(k.subject)});
    }
    return out;
  }

  void replay() {
    for (std::size_t f = 0; f < files_.size(); ++f) {
      File& kept = files_[f];
      std::sort_heap(kept.lowest.begin(), kept.lowest.end(), lower_offset);
      for (Kept& finding : kept.lowest) {
        finding.report.subject = finding.subject;
        out_.report(f, std::move(finding.report));
      }
      if (kept.count > kept.lowest.size()) out_.leave_out(f, kept.count - kept.lowest.size());
      File().lowest.swap(kept.lowest);
    }
  }

 private:
  struct Kept {
    Report report;
    std::string subject;  // what report.subject views while kept
  };
  static bool lower_offset(const Kept& a, const Kept& b) { return a.report.at.offset < b.report.at.offset; }
  struct File {
    std::size_t count = 0;
    std::vector<Kept> lowest;  // a heap, the highest offset on top
  };
  MemberSink& out_;
  std::vector<File> files_;
};

// A rule on the pages (page_facts.h) of a set whose pages were partly spilled: duplicate-across-
// sitemaps once per group of partitions, the hreflang graph's rules on the pages links concern.
bool run_on_spilled_pages(const RuleInfo& rule, const Settings& settings, SetSpill& spill, std::vector<SetFile>& files,
                          MemberSink& sink, std::vector<const FileFacts*>* graph_view, std::string* error) {
  std::vector<const FileFacts*> held(files.size());
  for (std::size_t f = 0; f < files.size(); ++f) held[f] = files[f].facts;
  if (rule.id == RuleId::duplicate_across_sitemaps) {
    KeptLowest kept(sink, files.size());
    const bool read = spill.each_group(
        held,
        [&](std::span<const FileFacts* const> view) {
          for (std::size_t f = 0; f < files.size(); ++f) files[f].facts = view[f];
          rule.make(settings)->on_set(SetView{files}, kept);
        },
        error);
    if (read) kept.replay();
    return read;
  }
  if (graph_view->empty() && !spill.graph_view(held, graph_view, error)) return false;
  for (std::size_t f = 0; f < files.size(); ++f) files[f].facts = (*graph_view)[f];
  rule.make(settings)->on_set(SetView{files}, sink);
  return true;
}

// The members' files as a set rule sees them, with the facts `rule` kept of each.
std::vector<SetFile> set_files(std::span<SetMember> members, RuleId rule) {
  std::vector<SetFile> files(members.size());
  for (std::size_t f = 0; f < members.size(); ++f) {
    SetFile& file = files[f];
    file.parent = members[f].parent;
    file.children = members[f].children;
    if (!members[f].report) continue;
    const FileReport& report = *members[f].report;
    file.path = report.path;
    file.kind = report.kind;
    for (const auto& [id, facts] : report.facts) {
      if (id == rule) file.facts = facts.get();
    }
  }
  return files;
}

// Calls fn(rule, instance, on_pages) for each set-level rule of `part` that a member runs; fn may
// take the instance.
template <typename Fn>
void each_set_rule(std::span<SetMember> members, const Settings& settings, SetRulePart part, Fn fn) {
  for (const RuleInfo* rule : all_rules()) {
    const bool runs = std::any_of(members.begin(), members.end(),
                                  [&](const SetMember& m) { return m.report && m.selection->is_enabled(rule->id); });
    if (!runs) continue;
    std::unique_ptr<Rule> instance = rule->make(settings);
    Subscriptions subscriptions;
    instance->subscribe(subscriptions);
    if (!subscriptions.plan().set) continue;
    const bool on_pages = subscriptions.plan().facts_collector == &make_page_collector;
    const bool duplicates = rule->id == RuleId::duplicate_across_sitemaps;
    if ((part == SetRulePart::OnPages && !on_pages) || (part == SetRulePart::NotOnPages && on_pages) ||
        (part == SetRulePart::Duplicates && !duplicates) || (part == SetRulePart::Graph && (!on_pages || duplicates)))
      continue;
    fn(*rule, instance, on_pages);
  }
}

}  // namespace

std::vector<PartitionFindings> run_alone(std::span<SetMember> members, const Settings& settings, SetRulePart part) {
  std::vector<PartitionFindings> out;
  each_set_rule(members, settings, part, [&](const RuleInfo& rule, std::unique_ptr<Rule>& instance, bool) {
    MemberSink sink(rule, members);
    KeptLowest kept(sink, members.size());
    std::vector<SetFile> files = set_files(members, rule.id);
    instance->on_set(SetView{files}, kept);
    out.push_back(kept.held());
    out.back().rule = rule.id;
  });
  return out;
}

void add_partitioned(std::span<SetMember> members, const std::function<bool(std::vector<PartitionFindings>*)>& next) {
  struct Merged {
    MemberSink sink;
    KeptLowest kept;
    Merged(const RuleInfo& rule, std::span<SetMember> members) : sink(rule, members), kept(sink, members.size()) {}
  };
  std::map<RuleId, std::unique_ptr<Merged>> rules;  // in rule order, as a run of the set runs them
  std::vector<PartitionFindings> partition;
  while (next(&partition)) {
    for (PartitionFindings& found : partition) {
      std::unique_ptr<Merged>& merged = rules[found.rule];
      if (!merged) merged = std::make_unique<Merged>(rule_info(found.rule), members);
      std::vector<std::size_t> made(members.size());
      for (HeldFinding& h : found.kept) {
        if (h.file >= members.size()) continue;
        ++made[h.file];
        h.report.subject = h.subject;
        merged->kept.report(h.file, std::move(h.report));
      }
      for (std::size_t f = 0; f < members.size() && f < found.counts.size(); ++f) {
        if (found.counts[f] > made[f]) merged->kept.also_counted(f, found.counts[f] - made[f]);
      }
    }
  }
  for (auto& [rule, merged] : rules) {
    merged->kept.replay();
    merged->sink.finish();
  }
}

void run_set_rules(std::span<SetMember> members, const Settings& settings, SetSpill* spill, std::string* error,
                   SetRulePart part, unsigned threads) {
  struct Job {
    const RuleInfo* rule;
    std::unique_ptr<Rule> instance;
    bool on_pages;
    std::unique_ptr<MemberSink> sink;  // made when the rule runs: a count per file each
  };
  std::vector<Job> jobs;
  each_set_rule(members, settings, part, [&](const RuleInfo& rule, std::unique_ptr<Rule>& instance, bool on_pages) {
    jobs.push_back({&rule, std::move(instance), on_pages, nullptr});
  });
  std::vector<const FileFacts*> graph_view;  // made once, for every rule of the graph
  const bool spilled = spill && spill->spilled();
  const auto run = [&](Job& job) {
    job.sink = std::make_unique<MemberSink>(*job.rule, members);
    std::vector<SetFile> files = set_files(members, job.rule->id);
    if (spilled && job.on_pages) {
      std::string why;
      if (!run_on_spilled_pages(*job.rule, settings, *spill, files, *job.sink, &graph_view, &why) && error &&
          error->empty())
        *error = why;
    } else {
      job.instance->on_set(SetView{files}, *job.sink);
    }
    // What the rule built goes now, as before the next rule (its findings own their texts), and
    // so does the file it last read.
    job.instance.reset();
    job.sink->done_reading();
  };
  // The rules on several threads, each taking the next rule when done: on a 200-file set, the
  // checks across files were two fifths of a two-core run, on one core. Not with pages spilled to
  // disk, whose reading back the rules on pages share (graph_view).
  threads = std::min<std::size_t>(spilled ? 1 : std::max(threads, 1u), jobs.size());
  if (threads <= 1) {
    for (Job& job : jobs) run(job);
  } else {
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> failed(threads);
    const auto worker = [&](unsigned t) {
      try {
        for (std::size_t k = next++; k < jobs.size(); k = next++) run(jobs[k]);
      } catch (...) {
        failed[t] = std::current_exception();
        next = jobs.size();  // the others stop after their rule
      }
    };
    std::vector<std::thread> others;
    for (unsigned t = 1; t < threads; ++t) others.emplace_back(worker, t);
    worker(0);
    for (std::thread& other : others) other.join();
    for (const std::exception_ptr& e : failed) {
      if (e) std::rethrow_exception(e);
    }
  }
  for (Job& job : jobs) job.sink->finish();  // in rule order, on this thread
}

void finish_set(std::span<SetMember> members, const Settings* settings, SetSpill* spill, std::string* error,
                unsigned threads) {
  if (settings) run_set_rules(members, *settings, spill, error, SetRulePart::All, threads);
  for (SetMember& member : members) {
    if (!member.report) continue;
    FileReport& report = *member.report;
    sort_diagnostics(report.diagnostics);
    report.suppressions.apply(&report.diagnostics);
    finish_suppressions(report, *member.selection);
  }
}

}  // namespace sitemaplint
