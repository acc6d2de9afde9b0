#include "report/markup.h"

#include "analysis/utf8.h"

namespace sitemaplint {

void append_escaped(std::string_view text, const EscapeStyle& style, std::string& out) {
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    if (static_cast<unsigned char>(c) < 0x80) {
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
        default:
          if (c < 0x20 || c == 0x7F) out += style.control;
          else out += c;
      }
      continue;
    }
    const std::size_t begin = at;
    const std::int32_t cp = next_code_point(text, at);
    if (cp < 0) out += kReplacementCharacter;  // ill-formed UTF-8 (surrogates included), as a decoder shows it
    else if ((style.c1_controls && cp < 0xA0) || cp == 0xFFFE || cp == 0xFFFF) out += style.control;
    else out.append(text.substr(begin, at - begin));
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
