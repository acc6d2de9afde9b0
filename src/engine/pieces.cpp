#include "engine/pieces.h"

#include <cstring>

namespace sitemaplint {

bool parse_piece(pugi::xml_document& tree, char* buffer, std::size_t begin, std::size_t end) {
  char* bytes = buffer + begin;
  // pugixml skips a byte order mark at the start of whatever it parses: here it is text among
  // the entries, which the whole parse reports.
  if (end - begin >= 3 && std::memcmp(bytes, "\xEF\xBB\xBF", 3) == 0) return false;
  // pugixml takes the last byte for a NUL and reads it as the '>' it was (pugixml.cpp, parse);
  // written back, the bytes are what a parse of the whole document leaves: it writes no NUL over
  // the '>' that ends an element.
  const char last = bytes[end - begin - 1];
  const bool parsed =
      tree.load_buffer_inplace(bytes, end - begin, kXmlParseFlags | pugi::parse_fragment, pugi::encoding_utf8);
  bytes[end - begin - 1] = last;
  return parsed;
}

}  // namespace sitemaplint
