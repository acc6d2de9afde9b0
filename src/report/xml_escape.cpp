#include "report/xml_escape.h"

#include "report/markup.h"

namespace sitemaplint {

std::string xml_escape(std::string_view text, bool attribute) {
  // XML 1.0 cannot carry most C0 controls, U+FFFE or U+FFFF even as references: '?' instead.
  static constexpr EscapeStyle kText{"&apos;", "?", false, false};
  static constexpr EscapeStyle kAttribute{"&apos;", "?", true, false};
  std::string out;
  out.reserve(text.size());
  append_escaped(text, attribute ? kAttribute : kText, out);
  return out;
}

}  // namespace sitemaplint
