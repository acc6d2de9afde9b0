// The reader of a page's HTML head: what its robots meta tags, canonicals, hreflang alternates and
// meta refresh say, read with an HTML5 parser (gumbo) as a search engine reads the served HTML.
#pragma once

#include <cstddef>
#include <string_view>

#include "page.h"

namespace sitemaplint {

// What the head of the HTML page `html`, served at the absolute URL `page_url`, says. Only the
// elements the HTML5 tree builder keeps in <head> count: one that it moves into the body (a
// canonical after some text, say) does not, as Google ignores it there. No script runs, and the
// page is parsed as a crawler without scripts parses it (<noscript> content is markup). Links are
// resolved against `page_url` and the first <base href>. Reads no further than the first tag that
// begins the body, and at most `max_bytes`: `truncated` when `html` fills them (it may be a prefix
// of that size) and the head does not end in them, or when a tag built to stall the parser
// (hundreds of attributes) ended the reading early. Any bytes are accepted. The page is decoded
// in the encoding a browser would choose (encoding_sniffing.h: a byte order mark, else the
// charset of `content_type`, the Content-Type the page is served with, else a declaration in the
// first 1,024 bytes, else the first one the parser meets later in the head, else UTF-8), its lines
// and offsets those of `html`; what
// keeps it from being read as HTML (binary, invalid UTF-8, an encoding that cannot be decoded, a
// head that does not end in max_bytes) is its `problem`, the facts what could be read.
HeadFacts read_html_head(std::string_view html, std::string_view page_url, std::size_t max_bytes = 512 * 1024,
                         std::string_view content_type = {});

}  // namespace sitemaplint
