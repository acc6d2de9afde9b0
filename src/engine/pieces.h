// A large sitemap parsed in pieces: its root's content split between entries, each piece parsed
// by pugixml on its own (in place, in the document's parse buffer, so every string is where the
// whole document's parse puts it) and walked as if the pieces were one tree (engine/piece_lanes.h
// shares them between threads). Each tree is small and freed once walked: the next is built in
// the same memory, and no walk waits for a parse of the whole document.
#pragma once

#include <cstddef>
#include <exception>
#include <optional>
#include <string_view>

#include <pugixml.hpp>

#include "engine/entry_pieces.h"

namespace sitemaplint {

// How every XML input is parsed. Values stay raw: no entity decoding (escaping rules must see what
// the author wrote) and no end-of-line normalisation (so every string still sits at its original
// offset).
inline constexpr unsigned kXmlParseFlags =
    pugi::parse_declaration | pugi::parse_doctype | pugi::parse_comments | pugi::parse_pi | pugi::parse_cdata;

// Where a document's pieces are: its root's content (engine/entry_pieces.h), cut as it is
// parsed. Without a root, the whole document is in Document::tree.
struct DocumentPieces {
  std::size_t piece_bytes = 0;  // how large a piece is, at least (but the last)
  std::string_view bytes;  // the input as written, which the cuts are found in
  char* buffer = nullptr;  // the bytes parsed (Document::parse_base), written in place
  std::optional<RootContent> root;
  bool split() const { return root.has_value(); }
};

// A piece pugixml did not take, content the cut or the walk gave up on (PieceCut::Unusual), or a
// lane's count of the entries before it that the lane before did not end with: the walks stop, and
// the document is parsed and linted again whole.
struct PieceParseFailed : std::exception {
  const char* what() const noexcept override { return "a piece of the document did not parse"; }
};

// Parses the piece [begin, end) of `buffer` in place into `tree`: false when pugixml refuses it.
bool parse_piece(pugi::xml_document& tree, char* buffer, std::size_t begin, std::size_t end);

// Where a walk gets the root's content from, a piece at a time.
class PieceSource {
 public:
  // The first node of the next piece (the piece walked before is freed); null after the last.
  // Throws PieceParseFailed.
  virtual pugi::xml_node next() = 0;

 protected:
  ~PieceSource() = default;
};

}  // namespace sitemaplint
