// Where a page's head ends, found by a light scan of its bytes before gumbo sees them: gumbo then
// parses only the head, and never the parts of it that would cost it time without end (the
// content of <template> elements, a tag with thousands of attributes).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sitemaplint {

// gumbo takes time quadratic in the attributes of one element (it checks each for a duplicate);
// a tag with more than this many ends the reading there, as a page built to stall the parser.
inline constexpr std::size_t kMaxHeadTagAttributes = 256;

// The bytes of a page to give gumbo, as the scan found them.
struct HeadExtent {
  std::size_t size = 0;  // up to the tag that begins the body, or all that was scanned
  bool body_found = false;  // a tag that begins the body ends them
  bool cut_short = false;  // stopped before the head ended, at a tag built to stall the parser (at `size`)
  // Bytes gumbo is not to see, [begin, end) ranges. The contents of the head's <template>
  // elements: they are inert (no search engine reads a tag there) and may nest without end, and
  // gumbo takes time quadratic in the depth of the tree. And DOCTYPE tokens: gumbo 0.10.1 leaks
  // one in a <noscript> in the head, and they decide nothing about a head (quirks mode only).
  std::vector<std::pair<std::size_t, std::size_t>> hidden;
};

// Finds where the head of `text` ends by following the HTML tokenizer through comments, tags (a
// '>' in a quoted attribute value does not end one) and raw text, without building anything. It
// never stops earlier than gumbo's tree builder would end the head; where it cannot tell, it reads
// on. Text outside tags may also end the head: gumbo decides that, and the tags the scan lets
// through after it all belong in a head.
HeadExtent scan_head_extent(std::string_view text);

// The bytes gumbo is to parse: the extent of `text`, with what it is not to see blanked out (line
// breaks kept, so that the lines gumbo counts stay those of the page); `storage` holds them when
// something is blanked.
std::string_view bytes_to_parse(std::string_view text, const HeadExtent& extent, std::string& storage);

}  // namespace sitemaplint
