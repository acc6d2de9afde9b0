// What a walk records for the document besides the rules' events, and where a later lane's walk
// starts counting entries.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include "document.h"
#include "engine/entry_pieces.h"

namespace sitemaplint {

// What a walk finds for the document (Document::directives, namespace_declarations, children,
// entry_count, nesting_limit_offset, syntax_errors), kept apart while the walk runs: a document walked in lanes
// (PieceLanes) gets each lane's in lane order, after every lane.
struct WalkRecords {
  std::vector<Document::DirectiveComment> directives;
  std::vector<Document::NamespaceDeclaration> namespace_declarations;
  std::vector<Document::ChildRef> children;
  std::optional<std::size_t> nesting_limit_offset;
  // Comments that XML does not allow (pugixml reads them): for Document::syntax_errors.
  std::vector<ByteFinding> comment_errors;
  std::size_t entry_count = 0;  // the entries up to the last one walked, those of lanes before counted
  std::array<std::size_t, 3> entries_of_kind{};  // the same, by EntryKind
  // A later lane's: the entries it counted on from (LaterLane), which the lane before must have
  // ended with (engine.cpp checks), total and by kind.
  std::size_t entries_before = 0;
  std::array<std::size_t, 3> entries_before_of_kind{};

  // Appends a later lane's to these.
  void append(WalkRecords& later);
  // Appends them to the document's.
  void append_to(Document& doc);
};

// Where a walk of a later lane starts (PieceLanes): the root's children before its first piece.
// The root is entered without events of its own (the first lane reports them), and entries are
// counted on from those children.
struct LaterLane {
  std::vector<ChildCount> children_before;
};

}  // namespace sitemaplint
