#include "engine/walk_records.h"

#include <algorithm>
#include <iterator>

namespace sitemaplint {

namespace {

template <typename T>
void append_moved(std::vector<T>& to, std::vector<T>& from) {
  if (to.empty()) to.swap(from);
  else to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
  from.clear();
}

}  // namespace

void WalkRecords::append(WalkRecords& later) {
  append_moved(directives, later.directives);
  append_moved(namespace_declarations, later.namespace_declarations);
  append_moved(children, later.children);
  append_moved(comment_errors, later.comment_errors);
  if (!nesting_limit_offset) nesting_limit_offset = later.nesting_limit_offset;
  entry_count = std::max(entry_count, later.entry_count);
}

void WalkRecords::append_to(Document& doc) {
  append_moved(doc.directives, directives);
  append_moved(doc.namespace_declarations, namespace_declarations);
  append_moved(doc.children, children);
  append_moved(doc.syntax_errors, comment_errors);
  if (!doc.nesting_limit_offset) doc.nesting_limit_offset = nesting_limit_offset;
  doc.entry_count = std::max(doc.entry_count, entry_count);
}

}  // namespace sitemaplint
