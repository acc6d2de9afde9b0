// Parsing an input's bytes into the Document rules see: format sniffing (sitemap, index, text
// sitemap, feed, robots.txt), pugixml in place, the facts around the root.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "document.h"
#include "engine/pieces.h"

namespace sitemaplint {

class LineStarts;

// Parses `bytes` (which must outlive the document). Never throws on bad input: every problem is a
// fact in the result.
// A compression error, a stopped decompression or an HTTP error status leaves the document
// unparsed: a cut-off document or an error page would only produce noise.
// `in_place`: the string `bytes` views, when the parse may write into it (see bytes_overwritten);
// null: pugixml parses a copy.
// `lines`: where the lines start is recorded there when the parse overwrites the bytes (and is
// left alone otherwise): findings are placed from it without the bytes as written.
// `pieces`: a <urlset> or <sitemapindex> may be parsed in pieces (engine/pieces.h): then the tree
// holds what comes before the root's content, and `pieces` says where the rest is, for run_rules.
// Without ranges, the document is in the tree whole.
// `threads`: how many threads the pre-scan of a large document may take.
std::unique_ptr<Document> parse_document(std::string path, std::string_view bytes, LoadFacts load = {},
                                         std::string* in_place = nullptr, LineStarts* lines = nullptr,
                                         DocumentPieces* pieces = nullptr, unsigned threads = 1);

}  // namespace sitemaplint
