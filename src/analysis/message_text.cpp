#include "analysis/message_text.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace sitemaplint {

namespace {

// Whether a code point does not show as itself in a message: controls, format characters (the
// bidirectional marks among them) and white space other than the plain space.
bool is_invisible(UChar32 c) {
  if (c == ' ') return false;
  const std::int8_t type = u_charType(c);
  return u_isUWhiteSpace(c) || type == U_CONTROL_CHAR || type == U_FORMAT_CHAR || type == U_UNASSIGNED ||
         type == U_PRIVATE_USE_CHAR || type == U_SURROGATE;
}

std::string code_point_label(UChar32 c) {
  char code[16];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(c));
  return code;
}

// `value` with each invisible character written "<U+00A0>", so a message shows what is there;
// ill-formed UTF-8 is left to the reporters, which mark it. Runs of printable ASCII, nearly every
// value, are appended whole.
void append_visibly(std::string_view value, std::string& out) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(value.data());
  const auto size = static_cast<std::int32_t>(value.size());
  for (std::int32_t at = 0; at < size;) {
    std::int32_t run = at;
    while (run < size && bytes[run] >= 0x20 && bytes[run] < 0x7F) ++run;
    out.append(value.data() + at, static_cast<std::size_t>(run - at));
    if ((at = run) == size) break;
    UChar32 c = 0;
    U8_NEXT(bytes, at, size, c);
    if (c >= 0 && is_invisible(c)) {
      out += "<" + code_point_label(c) + ">";
    } else {
      out.append(value.data() + run, static_cast<std::size_t>(at - run));
    }
  }
}

}  // namespace

std::string quoted(std::string_view value, std::size_t max) {
  // Room for the message around the value too: a message is mostly "<x> " + quoted(...) + "...",
  // which then grows in this one buffer instead of reallocating at each piece.
  constexpr std::size_t kMessageRoom = 256;
  std::string out;
  out.reserve(std::min(value.size(), max) + kMessageRoom);
  out += '\'';
  if (value.size() <= max) {
    append_visibly(value, out);
  } else {
    std::size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(value[cut]) & 0xC0) == 0x80) --cut;  // whole code points
    append_visibly(value.substr(0, cut), out);
    out.append("...");
  }
  out += '\'';
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

std::string grouped(std::size_t n) {
  std::string digits = std::to_string(n);
  for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
  return digits;
}

std::string time_span(long long seconds) {
  constexpr long long kHour = 60 * 60, kDay = 24 * kHour;
  if (seconds >= 2 * kDay) return grouped(static_cast<std::size_t>(seconds / kDay)) + " days";
  return counted(static_cast<std::size_t>(seconds / kHour), "hour");
}

std::string character_label(std::string_view ch) {
  UChar32 c = 0;
  int32_t at = 0;
  U8_NEXT(reinterpret_cast<const uint8_t*>(ch.data()), at, static_cast<int32_t>(ch.size()), c);
  if (c < 0) return quoted(ch);
  const std::string code = code_point_label(c);
  if (!is_invisible(c)) return quoted(ch) + " (" + code + ")";
  char name[128];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t length = u_charName(c, U_UNICODE_CHAR_NAME, name, sizeof name, &status);
  if (U_FAILURE(status) || length <= 0) return code;
  return code + " (" + std::string(name, static_cast<std::size_t>(length)) + ")";
}

}  // namespace sitemaplint
