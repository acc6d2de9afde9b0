#include "analysis/xs_any_uri.h"

#include <string>

#include <boost/url/parse.hpp>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

// The characters XLink (and so xs:anyURI) escapes before a value is read as a URI reference.
bool escaped_by_xlink(unsigned char c) {
  return c <= 0x20 || c >= 0x7F || c == '<' || c == '>' || c == '"' || c == '{' || c == '}' || c == '|' || c == '\\' ||
         c == '^' || c == '`';
}

}  // namespace

bool is_xs_any_uri(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string escaped;
  escaped.reserve(text.size());
  bool in_space = false;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (is_xml_space(ch)) {  // collapsed: a run of white space is one space, escaped as %20
      if (!in_space) escaped += "%20";
      in_space = true;
      continue;
    }
    in_space = false;
    if (escaped_by_xlink(c)) {
      escaped += '%';
      escaped += kHex[c >> 4];
      escaped += kHex[c & 15];
    } else {
      escaped += ch;
    }
  }
  return boost::urls::parse_uri_reference(boost::urls::string_view(escaped.data(), escaped.size())).has_value();
}

std::size_t xs_collapsed_length(std::string_view text, std::size_t enough) {
  std::size_t length = 0;
  bool in_space = false;
  for (const char ch : text) {
    if (length >= enough) break;
    if (is_xml_space(ch)) {
      if (!in_space) ++length;
      in_space = true;
      continue;
    }
    in_space = false;
    if ((static_cast<unsigned char>(ch) & 0xC0) != 0x80) ++length;  // one per code point
  }
  return length;
}

}  // namespace sitemaplint
