#include "report/markup.h"

#include <cstdint>

#include <unicode/utf8.h>

namespace sitemaplint {

void append_escaped(std::string_view text, const EscapeStyle& style, std::string& out) {
  static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data());
  const auto length = static_cast<std::int64_t>(text.size());
  for (std::int64_t at = 0; at < length;) {
    const char c = static_cast<char>(data[at]);
    if (data[at] < 0x80) {
      ++at;
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += style.apostrophe; break;
        case '\t': out += style.breaks_as_references ? "&#9;" : "\t"; break;
        case '\n': out += style.breaks_as_references ? "&#10;" : "\n"; break;
        case '\r': out += "&#13;"; break;  // a raw CR would be read as a line break
        default: if (c < 0x20 || c == 0x7F) out += style.control; else out += c;
      }
      continue;
    }
    const std::int64_t begin = at;
    UChar32 cp;
    U8_NEXT(data, at, length, cp);
    if (cp < 0) out += kReplacement;  // ill-formed UTF-8 (surrogates included), as a decoder shows it
    else if ((style.c1_controls && cp < 0xA0) || cp == 0xFFFE || cp == 0xFFFF) out += style.control;
    else out.append(text.substr(static_cast<std::size_t>(begin), static_cast<std::size_t>(at - begin)));
  }
}

void append_escaped(std::string_view text, std::string& out) {
  static constexpr EscapeStyle kHtml{"&#39;", "\xEF\xBF\xBD", false, true};
  append_escaped(text, kHtml, out);
}

std::string escape_markup(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_escaped(text, out);
  return out;
}

}  // namespace sitemaplint
