// Where a page's head ends, found by a light scan of its bytes before gumbo sees them: gumbo then
// parses only the head, and never the parts of it that would cost it time without end (the
// content of <template> elements, a tag with thousands of attributes) or that no page rule reads
// (scripts, styles, comments, the white space between tags, and <meta> and <link> elements that
// say nothing about indexing, canonicals, alternates, refreshes or the encoding). gumbo reads
// a character at a time, and those are most of a real head's bytes.
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
  // Bytes gumbo is not to see, [begin, end) ranges, in any order; each is a whole token or the
  // whole content of an element, so that what is left parses into the same elements. The contents
  // of the head's <template> elements: they are inert (no search engine reads a tag there) and may
  // nest without end, and gumbo takes time quadratic in the depth of the tree. DOCTYPE tokens:
  // gumbo 0.10.1 leaks one in a <noscript> in the head, and they decide nothing about a head
  // (quirks mode only). And what no rule reads (see above).
  std::vector<std::pair<std::size_t, std::size_t>> hidden;
};

// Finds where the head of `text` ends by following the HTML tokenizer through comments, tags (a
// '>' in a quoted attribute value does not end one) and raw text, without building anything. It
// never stops earlier than gumbo's tree builder would end the head; where it cannot tell, it reads
// on. Text outside tags may also end the head: gumbo decides that, and the tags the scan lets
// through after it all belong in a head.
HeadExtent scan_head_extent(std::string_view text);

// Where each byte gumbo parsed was in the text: ranges of parsed bytes that were together in it.
class ParsedOffsets {
 public:
  // The text's offset of the parsed byte at `parsed`.
  std::size_t operator()(std::size_t parsed) const;
  void start_run(std::size_t parsed, std::size_t text) { runs_.emplace_back(parsed, text); }

 private:
  std::vector<std::pair<std::size_t, std::size_t>> runs_;  // (parsed, text) where each run begins
};

// The bytes gumbo is to parse: the extent of `text`, without what it is not to see (whose line
// breaks are kept, so that the lines gumbo counts stay those of the page); `storage` holds them
// when something is left out, and `offsets` maps them back.
std::string_view bytes_to_parse(std::string_view text, const HeadExtent& extent, std::string& storage,
                                ParsedOffsets& offsets);

}  // namespace sitemaplint
