#include "rules/rule_support.h"

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

Span value_span(const Field& field) {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto first = field.raw.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {field.element_offset, 0};
  const auto last = field.raw.find_last_not_of(kSpace);
  return {field.value_offset + first, last - first + 1};
}

}  // namespace sitemaplint
