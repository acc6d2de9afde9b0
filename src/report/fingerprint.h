// Fingerprints that let a CI system follow a finding from run to run (SARIF's
// primaryLocationLineHash, GitLab Code Quality's fingerprint): a hash of the rule, the trimmed
// source line and the path, so lines added above it do not change it, then ":n" for the n-th such
// finding in the file, so two findings never share one.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

#include "report/source.h"

namespace sitemaplint {

class Fingerprints {
 public:
  // One per file: the occurrence count restarts for each.
  Fingerprints(const FileReport& report, const ReportSource& source) : report_(report), source_(source) {}
  std::string next(const Diagnostic& d);

 private:
  const FileReport& report_;
  const ReportSource& source_;
  std::unordered_map<std::uint64_t, std::size_t> seen_;  // findings so far, by hash
};

}  // namespace sitemaplint
