// Where a sitemap's entries end, for parsing it in pieces (engine/pieces.h): one pass over the
// bytes as written that follows the markup exactly (comments, CDATA sections, processing
// instructions, quoted attribute values, which may hold any '>' or "<url>" as text) and gives up on
// anything a piece parsed on its own could read otherwise than the whole document.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace sitemaplint {

struct EntryPieces {
  std::size_t root_tag_end = 0;  // just after the root start tag's '>': what is parsed whole is before
  bool root_has_attributes = false;
  std::vector<std::pair<std::size_t, std::size_t>> ranges;  // [begin, end) of each piece
};

// The pieces of the content of the root element whose '<' is at `root_start`, each of at least
// `piece_bytes` (but the last), each ending at the end of a child of the root. Nothing (the
// document is parsed whole) for a root other than <urlset> or <sitemapindex>, a DOCTYPE, text or a
// CDATA section among the entries, an attribute with a prefix among them (rules resolve its
// prefix from the element's ancestors, which a piece lacks), anything but white space after the
// last entry or after the root, or markup the scan does not follow.
std::optional<EntryPieces> find_entry_pieces(std::string_view bytes, std::size_t root_start, std::size_t piece_bytes);

}  // namespace sitemaplint
