// A finding: which rule, how serious, where (byte offsets into the original input) and what to do.
// Line and column are not stored: a LineIndex computes them only for findings that are printed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "severity.h"

namespace sitemaplint {

struct RuleInfo;

// A replacement of the bytes [offset, offset + length) of the original input.
struct Fix {
  std::size_t offset = 0;
  std::size_t length = 0;
  std::string replacement;
  std::string description;  // imperative, e.g. "replace with 'daily'"
};

// A second place that explains a finding, e.g. where a duplicate was first seen; in the finding's
// own file, or in another file of the run.
struct RelatedLocation {
  std::size_t offset = 0;
  std::string message;
  std::string path;  // another file of the run (as reported); empty: the finding's own file
};

struct Diagnostic {
  const RuleInfo* rule = nullptr;
  Severity severity = Severity::Error;
  std::size_t offset = 0;  // first byte of the offending text
  std::size_t length = 0;  // bytes covered; 0 marks a point
  std::string message;
  std::optional<Fix> fix;
  std::optional<RelatedLocation> related;
  // The URL of the entry the finding is in (its <loc>), when there is one: what a baseline keys
  // the finding on, so that it survives lines moving.
  std::string subject;
  // The Authority bits (rule.h) this finding rests on when they are fewer than its rule's; 0: its
  // rule's. finding_authorities() gives the effective set.
  std::uint32_t authorities = 0;
};

}  // namespace sitemaplint
