// ISO 639 language codes, from ICU's list with fixed adjustments so that results do not move with
// the ICU version (ICU follows CLDR, which canonicalises some codes away): two-letter ISO 639-1
// codes and three-letter ISO 639-2/3 codes, lower case, as Google's news sitemaps take them.
#pragma once

#include <string_view>

namespace sitemaplint {

// A current ISO 639-1 code ("en"), in lower case. ICU's 2-letter list plus "tl" (Tagalog, which
// CLDR replaces by "fil") and "bh" (Bihari, which CLDR dropped); never a withdrawn code such as
// "iw" (see withdrawn_iso639_1).
bool is_iso639_1(std::string_view code);

// An ISO 639-2 (terminology or bibliographic) or 639-3 code ("eng", "ger", "yue"), in lower case;
// never one of the special codes "mis", "mul", "und", "zxx", which name no language.
bool is_iso639_3(std::string_view code);

// For a withdrawn ISO 639-1 code (iw, in, ji, jw, mo, sh) the code that replaced it ("he" for
// "iw"); empty for any other.
std::string_view withdrawn_iso639_1(std::string_view code);

}  // namespace sitemaplint
