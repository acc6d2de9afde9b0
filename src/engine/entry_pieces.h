// Where a sitemap's entries end, for parsing it in pieces (engine/pieces.h): the root's content,
// and a search for the end tags of its children, which runs piece by piece on the threads that
// parse the pieces, ahead of them. A cut the markup fools is refused by pugixml or the walk, and
// the document is then parsed whole (EntryEndSearch).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sitemaplint {

// The content of a <urlset> or <sitemapindex> root, found from the root's '<' at `root_start`:
// nothing (the document is parsed whole) for another root, a DOCTYPE, or anything but white space
// after the root, or a comment, instruction or CDATA section just before its end tag.
struct RootContent {
  std::size_t begin = 0;  // just after the root start tag's '>'
  std::size_t end = 0;  // the root end tag's '<'
  bool root_has_attributes = false;
  std::string_view root_name;  // qualified, as written
};
std::optional<RootContent> find_root_content(std::string_view bytes, std::size_t root_start);

// What cutting the next piece gave.
enum class PieceCut {
  Piece,  // `*piece` is the next piece, [begin, end)
  End,  // no more pieces
  Unusual,  // the document is to be parsed whole
};

// Children of the root by name as written (a sitemap's are all "url"): a walk that starts at a
// later piece (engine/pieces.h, PieceLanes) counts entries of each kind on from those before it,
// resolving each name from the root's bindings.
struct ChildCount {
  std::string_view name;  // qualified, as written
  std::size_t count = 0;
};

// Cuts the root's content into pieces of at least `piece_bytes` (but the last), each ending at the
// end of a child of the root, one piece a call: from each point `piece_bytes` on, it searches for
// the next end tag of the root's first child's name ("</url>") instead of following every tag.
// That is exact because pugixml refuses what a wrong cut would make: such an end tag that is not a
// child's end lies in a comment, a CDATA section, an instruction, an attribute value or a nested
// element of that name, each of which the piece before the cut then leaves open ("Error parsing
// comment", "Start-end tags mismatch"), and the document is parsed whole (PieceParseFailed). What
// a piece cannot be parsed alone with (text among the entries, an attribute with a prefix) the
// walk finds in the pieces and gives up on (Walker).
class EntryEndSearch {
 public:
  // With `count_children`, counts the children of each piece as it cuts it (children_before_next).
  EntryEndSearch(std::string_view bytes, const RootContent& root, std::size_t piece_bytes, bool count_children = false);
  PieceCut next(std::pair<std::size_t, std::size_t>* piece);

  // Where the next piece begins.
  std::size_t next_begin() const { return piece_start_; }
  // The root's children before the next piece, as a later lane counts entries on from them: the
  // start tags of the first child's name ("<url" and a space, '>' or '/') in the pieces cut so far,
  // taken to be children of the root, all of that name and binding no namespace of their own.
  // Counted a few bytes a step as each piece is cut (before any thread parses it in place), where
  // following every tag took 7% of a two-lane run's CPU. A guess: the lanes' walks tell whether it
  // was right (engine.cpp), and the document is parsed whole where it was not (a tag of that name
  // nested, in a comment or CDATA section, or children of other names or bindings before the lane).
  std::vector<ChildCount> children_before_next() const;

 private:
  std::string_view bytes_;
  std::size_t piece_bytes_;
  std::size_t piece_start_;
  std::size_t content_end_;  // after the last markup of the root's content
  std::string needle_;  // "</" and the first child's name as written; empty: none found
  bool ended_ = false;
  bool count_children_;
  std::size_t start_tags_ = 0;  // in the pieces cut so far, when counted

  void count_start_tags(std::size_t begin, std::size_t end);
};

}  // namespace sitemaplint
