// Helpers for Rule::absorb: what a rule kept in a later lane (engine/piece_lanes.h) comes after
// what it kept in the lanes before, in document order.
#pragma once

#include <iterator>
#include <string>
#include <vector>

#include "entry.h"
#include "rule.h"

namespace sitemaplint {

// Moves `later`'s elements to the end of `into`.
template <typename T, typename Allocator>
void append_lane(std::vector<T, Allocator>& into, std::vector<T, Allocator>& later) {
  if (into.empty() && into.capacity() < later.size()) {  // no room of its own to keep
    into.swap(later);
  } else {
    into.insert(into.end(), std::make_move_iterator(later.begin()), std::make_move_iterator(later.end()));
  }
  later.clear();
}

// What the engine stamps a finding made during an entry's walk with (Diagnostic::subject): for a
// finding a later lane defers to Rule::absorb, which reports it outside the walk.
inline std::string entry_subject(const Entry& entry) {
  const std::string_view url = entry.loc.present ? entry.loc.trimmed() : std::string_view();
  return url.size() <= kMaxSubjectLength ? std::string(url) : std::string();
}

}  // namespace sitemaplint
