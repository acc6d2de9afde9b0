#include "analysis/language_tag.h"

#include <algorithm>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

bool all_of(std::string_view s, bool (*pred)(char)) { return std::all_of(s.begin(), s.end(), pred); }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
}

// The '-'-separated parts of `code`; empty parts are kept (so "en-" has two).
template <typename Fn>
void for_each_part(std::string_view code, Fn fn) {
  std::size_t start = 0;
  while (true) {
    const std::size_t dash = code.find('-', start);
    fn(code.substr(start, dash == std::string_view::npos ? std::string_view::npos : dash - start));
    if (dash == std::string_view::npos) return;
    start = dash + 1;
  }
}

// BCP 47's general shape: a 2-3 letter language, then any number of 1-8 character subtags.
bool is_general_bcp47(std::string_view code) {
  bool ok = true;
  std::size_t index = 0;
  for_each_part(code, [&](std::string_view part) {
    if (index++ == 0) ok = ok && part.size() >= 2 && part.size() <= 3 && all_of(part, is_ascii_alpha);
    else
      ok = ok && !part.empty() && part.size() <= 8 &&
           all_of(part, [](char c) { return is_ascii_alpha(c) || is_ascii_digit(c); });
  });
  return ok && index > 1;
}

}  // namespace

LanguageTag parse_language_tag(std::string_view code) {
  LanguageTag tag;
  if (equals_ignoring_case(code, "x-default")) {
    tag.shape = TagShape::XDefault;
    return tag;
  }
  std::size_t index = 0;
  bool ok = true;
  for_each_part(code, [&](std::string_view part) {
    const std::size_t at = index++;
    if (!ok) return;
    if (at == 0 && part.size() >= 2 && part.size() <= 3 && all_of(part, is_ascii_alpha)) {
      tag.language = part;
    } else if (at == 1 && part.size() == 4 && all_of(part, is_ascii_alpha)) {
      tag.script = part;
    } else if ((at == 1 || (at == 2 && !tag.script.empty())) && ((part.size() == 2 && all_of(part, is_ascii_alpha)) ||
                                                                 (part.size() == 3 && all_of(part, is_ascii_digit)))) {
      tag.region = part;
    } else {
      ok = false;
    }
  });
  if (ok) tag.shape = TagShape::Tag;
  else tag = LanguageTag{};
  return tag;
}

std::string canonical_tag(const LanguageTag& tag) {
  if (tag.shape == TagShape::XDefault) return "x-default";
  if (tag.shape != TagShape::Tag) return {};
  std::string out;
  for (char c : tag.language) out += ascii_lower(c);
  if (!tag.script.empty()) {
    out += '-';
    for (std::size_t i = 0; i < tag.script.size(); ++i)
      out += i == 0 ? ascii_upper(tag.script[i]) : ascii_lower(tag.script[i]);
  }
  if (!tag.region.empty()) {
    out += '-';
    for (char c : tag.region) out += ascii_upper(c);
  }
  return out;
}

bool is_conventional_case(const LanguageTag& tag) {
  if (tag.shape != TagShape::Tag) return true;
  if (!all_of(tag.language, is_ascii_lower)) return false;
  const std::string_view script = tag.script;
  if (!script.empty()) {
    const bool title = is_ascii_upper(script[0]) && all_of(script.substr(1), is_ascii_lower);
    if (!title && !all_of(script, is_ascii_lower) && !all_of(script, is_ascii_upper)) return false;
  }
  const std::string_view region = tag.region;
  return all_of(region, is_ascii_digit) || all_of(region, is_ascii_upper) || all_of(region, is_ascii_lower);
}

MalformedTag diagnose_malformed(std::string_view code) {
  MalformedTag result;
  if (code.empty()) {
    result.kind = Malformation::Empty;
    return result;
  }
  std::string letters;  // the value without separators, lower case
  bool only_tag_characters = true;
  for (char c : code) {
    if (is_ascii_alpha(c) || is_ascii_digit(c)) letters += ascii_lower(c);
    else if (c != '-' && c != '_' && c != ' ') only_tag_characters = false;
  }
  if (only_tag_characters && letters == "xdefault") {
    result.kind = Malformation::XDefaultSpelling;
    result.repaired = "x-default";
    return result;
  }
  const std::size_t wrong = code.find_first_of("_ ");
  if (only_tag_characters && wrong != std::string_view::npos) {
    result.kind = Malformation::Separator;
    result.separator = code[wrong];
    std::string dashed;
    for (std::size_t i = 0; i < code.size(); ++i) {
      const bool separator = code[i] == '_' || code[i] == ' ' || code[i] == '-';
      if (!separator) dashed += code[i];
      else if (!dashed.empty() && dashed.back() != '-') dashed += '-';  // a run of separators is one '-'
    }
    if (parse_language_tag(dashed).shape == TagShape::Tag) result.repaired = dashed;
    return result;
  }
  result.kind = is_general_bcp47(code) ? Malformation::TooManyParts : Malformation::Other;
  return result;
}

}  // namespace sitemaplint
