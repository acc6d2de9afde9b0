#include "run/listed_in_pieces.h"

#include "engine/entry_pieces.h"
#include "pages/listed_urls.h"

namespace sitemaplint {

std::optional<std::vector<std::string>> listed_urls_in_pieces(const Document& document, const DocumentPieces& pieces) {
  std::vector<std::string> urls;
  if (!document.parsed || document.kind != DocumentKind::UrlSet) return urls;
  EntryEndSearch search(pieces.bytes, *pieces.root, pieces.piece_bytes);
  pugi::xml_document tree;  // each piece's, in the memory of the one before
  for (std::pair<std::size_t, std::size_t> piece;;) {
    const PieceCut cut = search.next(&piece);
    if (cut == PieceCut::End) return urls;
    if (cut == PieceCut::Unusual) return std::nullopt;
    const std::string_view bytes = pieces.bytes.substr(piece.first, piece.second - piece.first);
    if (!tree.load_buffer(bytes.data(), bytes.size(), kXmlParseFlags | pugi::parse_fragment, pugi::encoding_utf8))
      return std::nullopt;
    append_listed_urls(tree.first_child(), urls);
  }
}

}  // namespace sitemaplint
