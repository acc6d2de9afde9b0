#include "analysis/message_text.h"

namespace sitemaplint {

std::string quoted(std::string_view value, std::size_t max) {
  std::string out = "'";
  if (value.size() <= max) {
    out.append(value);
  } else {
    std::size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(value[cut]) & 0xC0) == 0x80) --cut;  // whole code points
    out.append(value.substr(0, cut));
    out.append("...");
  }
  out += "'";
  return out;
}

std::string did_you_mean(std::string_view hint) {
  return hint.empty() ? std::string() : "; did you mean '" + std::string(hint) + "'?";
}

std::string counted(std::size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::string markdown_cell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '<') out += "&lt;";
    else if (c == '|') out += "\\|";
    else out += c;
  }
  return out;
}

}  // namespace sitemaplint
