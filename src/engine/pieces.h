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
#include <thread>
#include <utility>
#include <vector>

#include <pugixml.hpp>

namespace sitemaplint {

// How every XML input is parsed. Values stay raw: no entity decoding (escaping rules must see what
// the author wrote) and no end-of-line normalisation (so every string still sits at its original
// offset).
inline constexpr unsigned kXmlParseFlags =
    pugi::parse_declaration | pugi::parse_doctype | pugi::parse_comments | pugi::parse_pi | pugi::parse_cdata;

// Where a document's pieces are (load/entry_pieces.h finds them). Without ranges, the whole
// document is in Document::tree.
struct DocumentPieces {
  std::size_t piece_bytes = 0;  // how large a piece is, at least (but one entry)
  char* buffer = nullptr;  // the bytes parsed (Document::parse_base), written in place
  std::vector<std::pair<std::size_t, std::size_t>> ranges;  // [begin, end) in `buffer`, in order
  bool split() const { return !ranges.empty(); }
};

// A piece pugixml did not take whole (the structure scan found nothing unusual, the parser did):
// the walk stops, and the document is parsed and linted again whole, whose parse reports it.
struct PieceParseFailed : std::exception {
  const char* what() const noexcept override { return "a piece of the document did not parse"; }
};

// Parses the pieces ahead of the walk on `helpers` threads (and on the walking thread, when the
// piece it needs is not taken yet), a few pieces ahead at most.
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
  enum class State : unsigned char { Waiting, Parsing, Parsed, Failed };
  void help();
  void parse(std::size_t piece, std::unique_lock<std::mutex>& lock);

  const DocumentPieces& pieces_;
  std::size_t ahead_;  // pieces parsed and not walked yet, at most
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<State> states_;
  std::vector<std::unique_ptr<pugi::xml_document>> trees_;  // by piece, while parsed and not walked
  std::vector<std::unique_ptr<pugi::xml_document>> spare_;  // trees walked, to parse into again
  std::size_t claimed_ = 0;  // the pieces before it are taken
  std::size_t walked_ = 0;  // the next piece to walk
  bool stopping_ = false;
  std::vector<std::thread> helpers_;
};

}  // namespace sitemaplint
