// Where one rule's findings go while a file is linted: the rule and its effective severity are
// attached, and past kMaxFindingsPerRule findings are only counted, so a hostile file cannot
// exhaust memory and the report still says how many there were.
#pragma once

#include <string>
#include <vector>

#include "rule.h"

namespace sitemaplint {

// Findings one rule may report in one file; past it, a single finding counts the rest.
inline constexpr std::size_t kMaxFindingsPerRule = 10'000;

class RuleSink final : public FindingSink {
 public:
  RuleSink(const RuleInfo& info, Severity severity, std::vector<Diagnostic>& out)
      : info_(info), severity_(severity), out_(out) {}
  void report(std::size_t offset, std::size_t length, std::string message, std::optional<Fix> fix,
              std::optional<RelatedLocation> related) override {
    if (reported_ == kMaxFindingsPerRule) {
      if (suppressed_++ == 0) first_suppressed_ = offset;
      return;
    }
    ++reported_;
    out_.push_back(Diagnostic{&info_, severity_, offset, length, std::move(message), std::move(fix),
                              std::move(related), std::nullopt});
  }
  // One last finding that says how many were left out.
  void report_suppressed() {
    if (suppressed_ == 0) return;
    out_.push_back(Diagnostic{&info_, severity_, first_suppressed_, 0,
                              std::to_string(suppressed_) + " more findings of this rule in this file are not shown "
                              "(at most " + std::to_string(kMaxFindingsPerRule) + " per rule and file)",
                              std::nullopt, std::nullopt, std::nullopt});
  }

 private:
  const RuleInfo& info_;
  Severity severity_;
  std::vector<Diagnostic>& out_;
  std::size_t reported_ = 0;
  std::size_t suppressed_ = 0;
  std::size_t first_suppressed_ = 0;
};

}  // namespace sitemaplint
