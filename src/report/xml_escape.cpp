#include "report/xml_escape.h"

#include <cstdint>

#include <unicode/utf8.h>

namespace sitemaplint {

std::string xml_escape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int64_t>(text.size());
  for (std::int64_t at = 0; at < length;) {
    const char c = text[static_cast<std::size_t>(at)];
    if (static_cast<unsigned char>(c) < 0x80) {
      ++at;
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        case '\t': out += attribute ? "&#9;" : "\t"; break;
        case '\n': out += attribute ? "&#10;" : "\n"; break;
        case '\r': out += "&#13;"; break;  // a raw CR would be read as a line break
        default: out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
      }
      continue;
    }
    const std::int64_t begin = at;
    UChar32 code_point;
    U8_NEXT(data, at, length, code_point);
    // Ill-formed UTF-8 (surrogates included, which U8_NEXT rejects) becomes U+FFFD, as a decoder
    // shows it; U+FFFE and U+FFFF, which XML 1.0's Char excludes, become '?'.
    if (code_point < 0) out += "\xEF\xBF\xBD";
    else if (code_point == 0xFFFE || code_point == 0xFFFF) out += '?';
    else out.append(text.substr(static_cast<std::size_t>(begin), static_cast<std::size_t>(at - begin)));
  }
  return out;
}

}  // namespace sitemaplint
