// Where one rule's findings go while a file is linted: the rule and its effective severity are
// attached, and past kMaxFindingsPerRule findings are only counted, so a hostile file cannot
// exhaust memory and the report still says how many there were. Set-level findings obey the
// same cap through a FindingCap of their own.
#pragma once

#include <string>
#include <vector>

#include "rule.h"

namespace sitemaplint {

// Counts one rule's findings in one file and says when the cap is reached.
class FindingCap {
 public:
  explicit FindingCap(std::size_t limit = kMaxFindingsPerRule) : limit_(limit) {}
  // Whether a finding at `offset` is kept; past the cap it is only counted.
  bool admit(std::size_t offset) {
    if (reported_ < limit_) {
      ++reported_;
      return true;
    }
    if (left_out_++ == 0) first_left_out_ = offset;
    return false;
  }
  // Counts `count` more findings left out after one admit() refused: a set rule run a partition at
  // a time keeps only the findings that can be shown, and counts the rest.
  void leave_out(std::size_t count) { left_out_ += count; }
  // Counts what `later` left out after what this one admitted or left out (a later lane's cap,
  // whose kept findings were admitted here first).
  void leave_out(const FindingCap& later) {
    if (later.left_out_ == 0) return;
    if (left_out_ == 0) first_left_out_ = later.first_left_out_;
    left_out_ += later.left_out_;
  }
  std::size_t limit() const { return limit_; }
  // The finding that says how many were left out, when any were.
  std::optional<Diagnostic> note(const RuleInfo& info, Severity severity) const {
    if (left_out_ == 0) return std::nullopt;
    Diagnostic d;
    d.rule = &info;
    d.severity = severity;
    d.offset = first_left_out_;
    d.message = std::to_string(left_out_) + " more findings of this rule in this file are not shown (at most " +
                std::to_string(limit_) + " per rule and file)";
    return d;
  }

 private:
  std::size_t limit_;
  std::size_t reported_ = 0;
  std::size_t left_out_ = 0;
  std::size_t first_left_out_ = 0;
};

// Whether a finding resting on `authorities` is kept where only findings resting on `kept` are
// (RuleSelection::kept_authorities; 0 keeps every finding).
inline bool kept(std::uint32_t authorities, std::uint32_t kept) { return kept == 0 || (authorities & kept) != 0; }

// The severity of a finding resting on `authorities` (RuleSelection::warning_authorities: resting
// on those alone, it is at most a warning).
inline Severity finding_severity(Severity severity, std::uint32_t authorities, std::uint32_t warning_only) {
  const bool only = warning_only != 0 && (authorities & ~warning_only) == 0;
  return only && severity > Severity::Warning ? Severity::Warning : severity;
}

class RuleSink final : public FindingSink {
 public:
  // `kept`: only findings resting on one of these authorities are kept (0: all of them); at most
  // `limit` findings are kept; `fixes_only`: only those with a fix, without their texts
  // (EngineOptions::fixes_only).
  RuleSink(const RuleInfo& info, Severity severity, std::vector<Diagnostic>& out, std::uint32_t kept = 0,
           std::size_t limit = kMaxFindingsPerRule, bool fixes_only = false, std::uint32_t warning_only = 0)
      : info_(&info),
        severity_(severity),
        out_(&out),
        kept_(kept),
        warning_only_(warning_only),
        cap_(limit),
        fixes_only_(fixes_only) {}
  void report(Report finding) override {
    const std::uint32_t authorities = finding.rests_on;
    if (!kept(authorities != 0 ? authorities : info_->authorities, kept_)) return;
    if (fixes_only_) {
      if (!finding.fix) return;
      std::string().swap(finding.fix->description);  // freed: a move-assigned empty string would keep the buffer
    }
    if (!cap_.admit(finding.at.offset)) return;
    Diagnostic& d = out_->emplace_back();  // filled in place: a Diagnostic moved is a dozen words copied
    d.rule = info_;
    d.severity = finding_severity(severity_, authorities != 0 ? authorities : info_->authorities, warning_only_);
    d.offset = finding.at.offset;
    d.length = finding.at.length;
    if (!fixes_only_) d.message = std::move(finding.message);
    d.fix = std::move(finding.fix);
    if (!fixes_only_) d.related = std::move(finding.related);
    d.authorities = authorities == info_->authorities ? 0 : authorities;
    if (!finding.subject.empty()) d.subject = finding.subject;
  }
  // A later lane's findings of this rule (in the order it made them) and what its cap left out,
  // after this lane's: admitted as if this sink had been given them.
  void take_in(Diagnostic&& later) {
    if (cap_.admit(later.offset)) out_->push_back(std::move(later));
  }
  void take_in_left_out(const RuleSink& later) { cap_.leave_out(later.cap_); }
  // Drops the count of findings made so far (a later lane's instance reported in on_document what
  // the first lane reports).
  void forget_findings() { cap_ = FindingCap(cap_.limit()); }
  // One last finding that says how many were left out.
  void report_suppressed() {
    if (auto note = cap_.note(*info_, severity_)) out_->push_back(std::move(*note));
  }
  const RuleInfo& rule() const { return *info_; }

 private:
  const RuleInfo* info_;
  Severity severity_;
  std::vector<Diagnostic>* out_;
  std::uint32_t kept_;
  std::uint32_t warning_only_;
  FindingCap cap_;
  bool fixes_only_;
};

}  // namespace sitemaplint
