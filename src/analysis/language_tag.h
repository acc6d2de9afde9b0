// The grammar of an hreflang value as Google reads it: "x-default", or a language code with an
// optional script and an optional region (language[-Script][-REGION]: en, en-GB, zh-Hant-TW).
// Only the shape is checked here; whether the codes exist is language_subtags' business.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

enum class TagShape {
  XDefault,  // "x-default", in any case
  Tag,  // [A-Za-z]{2,3} (-[A-Za-z]{4})? (-([A-Za-z]{2}|[0-9]{3}))?
  Malformed,  // anything else
};

// A parsed value; the parts are slices of the text given to parse_language_tag (Tag only).
struct LanguageTag {
  TagShape shape = TagShape::Malformed;
  std::string_view language;  // 2 or 3 letters
  std::string_view script;  // 4 letters, or empty
  std::string_view region;  // 2 letters or 3 digits, or empty
};

// Parses `code`, which the caller has trimmed of XML white space.
LanguageTag parse_language_tag(std::string_view code);

// The tag in BCP 47's conventional case: language lower, Script title, REGION upper; "x-default".
// Empty for a malformed tag.
std::string canonical_tag(const LanguageTag& tag);

// Whether `code` is written as canonical_tag writes it, except that an all-lower-case region
// ("en-gb") and an all-lower or all-upper script ("zh-hant", "zh-HANT") pass: Google's own
// examples write them so.
bool is_conventional_case(const LanguageTag& tag);

// Why a malformed value is malformed, judged in this order.
enum class Malformation {
  XDefaultSpelling,  // x_default, x default, xdefault, X_Default ...
  Separator,  // '_' or ' ' between parts that would otherwise form a tag (en_US, fr FR)
  TooManyParts,  // a well-formed BCP 47 tag with more than language[-Script][-REGION]
  Empty,  // nothing at all
  Other,  // en-, e, english, 12 ...
};

struct MalformedTag {
  Malformation kind = Malformation::Other;
  char separator = '\0';  // Separator: the first wrong separator, '_' or ' '
  std::string repaired;  // XDefaultSpelling and Separator: the value with '-' (as written otherwise)
};

// Diagnoses a value parse_language_tag called malformed.
MalformedTag diagnose_malformed(std::string_view code);

}  // namespace sitemaplint
