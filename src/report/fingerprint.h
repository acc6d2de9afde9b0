// Fingerprints that let a CI system follow a finding from run to run (SARIF's
// primaryLocationLineHash, GitLab Code Quality's fingerprint): a hash of the rule, the trimmed
// source line and the path, so lines added above it do not change it, then ":n" for the n-th such
// finding in the file, so two findings never share one.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "report/source.h"

namespace sitemaplint {

class Fingerprints {
 public:
  // One per file: the occurrence count restarts for each.
  Fingerprints(const FileReport& report, const ReportSource& source) : report_(report), source_(source) {}
  // The next finding's fingerprint, valid until the next call. The file's findings are hashed a
  // few at a time, ahead of their turn: `d` is one of report.diagnostics, in order.
  std::string_view next(const Diagnostic& d);

  // How many findings are hashed together (FNV-1a waits on a multiply for each byte of one hash,
  // but not between hashes, so the processor overlaps them).
  static constexpr std::size_t kLanes = 4;

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::size_t count = 0;  // findings so far with this hash; 0: a free slot
  };
  // How many findings so far, this one included, have `hash`.
  std::size_t occurrence(std::uint64_t hash);
  Slot* place(std::uint64_t hash);  // the slot of `hash`, or the free one it goes into

  const FileReport& report_;
  const ReportSource& source_;
  std::vector<Slot> slots_;  // a power of two of them
  std::size_t used_ = 0;
  std::array<std::uint64_t, kLanes> hashes_{};  // of findings first_hashed_ on
  std::size_t first_hashed_ = 0, hashed_ = 0;
  char text_[16 + 1 + 20];
};

}  // namespace sitemaplint
