#include "run/set_rules.h"

#include <map>

#include "load/source.h"
#include "engine/rule_sink.h"

namespace sitemaplint {
namespace {

class MemberSink final : public SetSink {
 public:
  MemberSink(const RuleInfo& rule, std::span<SetMember> members)
      : rule_(rule), members_(members), caps_(members.size()) {}

  void report(std::size_t file, Report finding) override {
    if (file >= members_.size() || !members_[file].report || !members_[file].selection->is_enabled(rule_.id)) return;
    const std::uint32_t authorities = finding.rests_on;
    const std::uint32_t rests_on = authorities != 0 ? authorities : rule_.authorities;
    if (!kept(rests_on, members_[file].selection->kept_authorities[index_of(rule_.id)])) return;
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
    members_[file].report->diagnostics.push_back(std::move(d));
  }

  std::string text(std::size_t file, std::size_t offset, std::size_t length) override {
    if (file >= members_.size() || !members_[file].report) return {};
    const FileReport& report = *members_[file].report;
    std::string_view bytes = report.bytes;
    if (bytes.empty() && report.reloadable) {
      if (loaded_file_ != file) {
        Input input;
        std::string error;
        loaded_.clear();
        if (load_input(report.path, &input, &error)) loaded_ = std::move(input.bytes);
        loaded_file_ = file;
      }
      bytes = loaded_;
    }
    if (offset > bytes.size()) return {};
    return std::string(bytes.substr(offset, length));
  }

  void finish() {
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
  std::size_t loaded_file_ = kNoFile;  // the released file read again last, for text()
  std::string loaded_;
};

}  // namespace

void run_set_rules(std::span<SetMember> members, const Settings& settings) {
  for (const RuleInfo* rule : all_rules()) {
    const bool runs = std::any_of(members.begin(), members.end(),
                                  [&](const SetMember& m) { return m.report && m.selection->is_enabled(rule->id); });
    if (!runs) continue;
    std::unique_ptr<Rule> instance = rule->make(settings);
    Subscriptions subscriptions;
    instance->subscribe(subscriptions);
    if (!subscriptions.plan().set) continue;
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
        if (id == rule->id) file.facts = facts.get();
      }
    }
    MemberSink sink(*rule, members);
    instance->on_set(SetView{files}, sink);
    sink.finish();
  }
}

void finish_set(std::span<SetMember> members, const Settings* settings) {
  if (settings) run_set_rules(members, *settings);
  for (SetMember& member : members) {
    if (!member.report) continue;
    FileReport& report = *member.report;
    sort_diagnostics(report.diagnostics);
    report.suppressions.apply(&report.diagnostics);
    finish_suppressions(report, *member.selection);
  }
}

}  // namespace sitemaplint
