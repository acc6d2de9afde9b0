// Where a sitemap's entries end, for parsing it in pieces (engine/pieces.h): a scan of the bytes as
// written that follows the markup exactly (comments, CDATA sections, processing instructions,
// quoted attribute values, which may hold any '>' or "</url>" as text) and gives up on anything a
// piece parsed on its own could read otherwise than the whole document. It runs piece by piece,
// on the threads that parse the pieces, ahead of them.
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

// Cuts the root's content into pieces of at least `piece_bytes` (but the last), each ending at the
// end of a child of the root, one piece a call.
class EntryCutter {
 public:
  EntryCutter(std::string_view bytes, const RootContent& root, std::size_t piece_bytes)
      : bytes_(bytes),
        root_(root),
        piece_bytes_(piece_bytes),
        at_(root.begin),
        piece_start_(root.begin),
        last_cut_(root.begin) {}

  enum class Cut {
    Piece,  // `*piece` is the next piece, [begin, end)
    End,  // no more pieces
    // Text or a CDATA section among the entries, an attribute with a prefix in them (rules resolve
    // its prefix from the element's ancestors, which a piece lacks), markup after the last entry,
    // or markup the scan does not follow: the document is to be parsed whole.
    Unusual,
  };
  Cut next(std::pair<std::size_t, std::size_t>* piece);

  // Where the next piece begins.
  std::size_t next_begin() const { return piece_start_; }

  // The root's children cut so far, by name as written and the namespace the child declares for
  // it, if any, in order of first appearance (a sitemap's are all "url"): a walk that starts at a
  // later piece (engine/pieces.h, PieceLanes) counts entries of each kind on from them.
  struct ChildCount {
    std::string_view name;  // qualified, as written
    // The URI the child itself binds its name's prefix to (xmlns="..." for no prefix), raw; empty
    // when it binds none and its namespace is the root's.
    std::string_view declared_ns;
    bool declares = false;
    std::size_t count = 0;
  };
  const std::vector<ChildCount>& children() const { return children_; }

 private:
  void count_child(std::string_view name, std::size_t attributes_at, bool declares);

  std::string_view bytes_;
  RootContent root_;
  std::size_t piece_bytes_;
  std::size_t at_;  // where the scan goes on
  std::size_t depth_ = 1;  // the root is open
  std::size_t piece_start_;
  std::size_t last_cut_;  // after the last child of the root
  bool ended_ = false;
  std::vector<ChildCount> children_;
};

// Cuts the root's content of a document walked in one lane (one thread), which needs no count of
// the children before a piece: from each point `piece_bytes` on, it searches for the next end tag
// of the root's first child's name ("</url>") instead of following every tag. That is exact
// because pugixml refuses what a wrong cut would make: such an end tag that is not a child's end
// lies in a comment, a CDATA section, an instruction, an attribute value or a nested element of
// that name, each of which the piece before the cut then leaves open ("Error parsing comment",
// "Start-end tags mismatch"), and the document is parsed whole (PieceParseFailed). What the
// tag-by-tag cut gives up on besides (text among the entries, an attribute with a prefix) the walk
// finds in the pieces and gives up on too (Walker).
class EntryEndSearch {
 public:
  EntryEndSearch(std::string_view bytes, const RootContent& root, std::size_t piece_bytes);
  EntryCutter::Cut next(std::pair<std::size_t, std::size_t>* piece);

 private:
  std::string_view bytes_;
  std::size_t piece_bytes_;
  std::size_t piece_start_;
  std::size_t content_end_;  // after the last markup of the root's content
  std::string needle_;  // "</" and the first child's name as written; empty: none found
  bool ended_ = false;
};

}  // namespace sitemaplint
