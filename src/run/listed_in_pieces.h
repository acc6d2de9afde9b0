// The URLs a large sitemap lists, gathered for the page lookup (pages/listed_urls.h) from the
// pieces its root's content is cut into (engine/pieces.h), one small tree at a time: a run with
// --pages parses and walks such a sitemap in pieces too, and no tree of the whole is built.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "document.h"
#include "engine/pieces.h"

namespace sitemaplint {

// listed_urls() of `document`, whose root's content `pieces` holds (split()). Each piece is parsed
// from a copy of its bytes, so the buffer the walk parses in place is left as it is. nullopt: a cut
// or a piece the walk would not take either, for which the document is to be parsed whole.
std::optional<std::vector<std::string>> listed_urls_in_pieces(const Document& document, const DocumentPieces& pieces);

}  // namespace sitemaplint
