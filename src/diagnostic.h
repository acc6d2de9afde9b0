// A finding: which rule, how serious, where (byte offsets into the original input) and what to do.
// Line and column are not stored: a LineIndex computes them only for findings that are printed.
#pragma once

#include <cstddef>
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

// A second place that explains a finding, e.g. where a duplicate was first seen.
struct RelatedLocation {
  std::size_t offset = 0;
  std::string message;
};

struct Diagnostic {
  const RuleInfo* rule = nullptr;
  Severity severity = Severity::Error;
  std::size_t offset = 0;  // first byte of the offending text
  std::size_t length = 0;  // bytes covered; 0 marks a point
  std::string message;
  std::optional<Fix> fix;
  std::optional<RelatedLocation> related;
  // Set when the finding was made after the file's bytes were released (checks across a set of
  // files): reporters print this position and no source excerpt.
  std::optional<std::pair<std::size_t, std::size_t>> line_column;
};

}  // namespace sitemaplint
