// A large sitemap parsed in pieces: its root's content split between entries, each piece parsed
// by pugixml on its own (in place, in the document's parse buffer, so every string is where the
// whole document's parse puts it) on the threads a file leaves idle, and walked in order as if
// the pieces were one tree. Each tree is small and freed once walked: the next is built in the
// same memory, and the walk never waits for a parse of the whole document.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

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

// A piece pugixml did not take, or content the cut gave up on (EntryCutter::Cut::Unusual): the
// walk stops, and the document is parsed and linted again whole.
struct PieceParseFailed : std::exception {
  const char* what() const noexcept override { return "a piece of the document did not parse"; }
};

// Cuts and parses the pieces ahead of the walk on `helpers` threads (and on the walking thread,
// when the piece it needs is not taken yet), a few pieces ahead at most.
class PieceParser {
 public:
  PieceParser(const DocumentPieces& pieces, unsigned helpers);
  ~PieceParser();  // stops and joins the helpers
  PieceParser(const PieceParser&) = delete;
  PieceParser& operator=(const PieceParser&) = delete;

  // The first node of the next piece (the piece walked before is freed); null after the last.
  // Throws PieceParseFailed.
  pugi::xml_node next();

 private:
  enum class State : unsigned char { Parsing, Parsed, Failed };
  void help();
  bool claim(std::size_t* piece);
  void parse(std::size_t piece, std::unique_lock<std::mutex>& lock);

  const DocumentPieces& pieces_;
  EntryCutter cutter_;  // under mutex_, as all below
  std::vector<std::pair<std::size_t, std::size_t>> ranges_;  // the pieces cut so far
  bool all_cut_ = false;
  bool unusual_ = false;  // the cut gave up
  std::size_t ahead_;  // pieces parsed and not walked yet, at most
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<State> states_;  // by piece cut
  std::vector<std::unique_ptr<pugi::xml_document>> trees_;  // by piece, while parsed and not walked
  std::vector<std::unique_ptr<pugi::xml_document>> spare_;  // trees walked, to parse into again
  std::size_t claimed_ = 0;  // the pieces before it are taken
  std::size_t walked_ = 0;  // the next piece to walk
  bool stopping_ = false;
  std::vector<std::thread> helpers_;
};

}  // namespace sitemaplint
