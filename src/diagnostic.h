// A finding: which rule, how serious, where (byte offsets into the original input) and what to do.
// Line and column are not stored: a LineIndex computes them only for findings that are printed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
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
  // Where `offset` is, for a file that is not read again to place it (a fetched page: `path` is its
  // URL); 0: worked out from the offset.
  std::size_t line = 0, column = 0;
};

// std::optional's interface with the value on the heap: a Diagnostic is stored and moved by the
// tens of thousands and most have no related location, many no fix, so an absent one costs a
// pointer where an inline std::optional cost its whole size (a finding was 272 bytes, 128 now).
template <typename T>
class HeapOptional {
 public:
  HeapOptional() = default;
  HeapOptional(std::nullopt_t) {}
  HeapOptional(T value) : value_(std::make_unique<T>(std::move(value))) {}
  HeapOptional(std::optional<T> value) {
    if (value) value_ = std::make_unique<T>(std::move(*value));
  }
  HeapOptional(const HeapOptional& other) : value_(other.value_ ? std::make_unique<T>(*other.value_) : nullptr) {}
  HeapOptional(HeapOptional&&) noexcept = default;
  HeapOptional& operator=(const HeapOptional& other) {
    if (this != &other) value_ = other.value_ ? std::make_unique<T>(*other.value_) : nullptr;
    return *this;
  }
  HeapOptional& operator=(HeapOptional&&) noexcept = default;

  bool has_value() const { return value_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return value_.get(); }
  const T* operator->() const { return value_.get(); }
  void reset() { value_.reset(); }

 private:
  std::unique_ptr<T> value_;
};

struct Diagnostic {
  const RuleInfo* rule = nullptr;
  Severity severity = Severity::Error;
  std::size_t offset = 0;  // first byte of the offending text
  std::size_t length = 0;  // bytes covered; 0 marks a point
  std::string message;
  HeapOptional<Fix> fix;
  HeapOptional<RelatedLocation> related;
  // The URL of the entry the finding is in (its <loc>), when there is one: what a baseline keys
  // the finding on, so that it survives lines moving.
  std::string subject;
  // The Authority bits (rule.h) this finding rests on when they are fewer than its rule's; 0: its
  // rule's. finding_authorities() gives the effective set.
  std::uint32_t authorities = 0;
};

}  // namespace sitemaplint
