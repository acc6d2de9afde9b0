// Which language, script and region codes exist, for hreflang values: ISO 639-1 languages,
// ISO 15924 scripts and ISO 3166-1 alpha-2 countries, taken from ICU rather than hand-written
// tables, with fixed adjustments so that an ICU upgrade cannot silently change a verdict:
//   - languages: ICU's two-letter list plus 'tl' (Tagalog, which CLDR folds into 'fil') and 'bh'
//     (Bihari, dropped by CLDR); the withdrawn 'iw in ji jw mo sh' are not languages;
//   - regions: ICU's countries minus the codes ISO 3166 reserves (EU, UK, UN, the transitional
//     YU ..., and the user-assigned XK), which ICU partly lists as countries;
//   - scripts: a code ICU knows as exactly that script, except the special codes for inherited,
//     common, unknown, unwritten and symbol text (Zinh Zyyy Zzzz Zxxx Zmth Zsye Zsym).
// Every function takes a code in any case.
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

bool is_iso639_1_language(std::string_view code);
// The code that replaced a withdrawn ISO 639-1 code ("iw" -> "he"), or "" for any other code.
std::string_view replacement_for_withdrawn_language(std::string_view code);

bool is_iso15924_script(std::string_view code);

// A current ISO 3166-1 alpha-2 country (reserved codes are not).
bool is_iso3166_country(std::string_view code);
// A code ISO 3166 reserves rather than assigns: exceptionally (AC CP DG EA EU EZ FX IC SU TA UK
// UN), transitionally (AN BU CS NT TP YU ZR) or for users (XK).
bool is_reserved_region(std::string_view code);
// The country a reserved code is commonly meant for, when there is one beyond doubt ("UK" -> "GB").
std::string_view country_meant_by_reserved(std::string_view code);

// The language most spoken in a country, by ICU's likely subtags ("US" -> "en"); "" if unknown.
std::string likely_language_of_country(std::string_view code);
// A language's English name ("en" -> "English"); the code itself when ICU has none.
std::string english_language_name(std::string_view code);

}  // namespace sitemaplint
