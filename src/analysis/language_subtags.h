// Which language, script and region codes exist, for hreflang values: ISO 639-1 languages,
// ISO 15924 scripts and ISO 3166-1 alpha-2 countries, as the IANA Language Subtag Registry lists
// them (subtag_registry.h, generated from the registry file with its File-Date), with fixed
// adjustments:
//   - languages: the registry's two-letter languages that it does not deprecate, except 'sh',
//     which ISO 639-1 withdrew and the registry keeps; a deprecated one names its Preferred-Value
//     ('iw' -> 'he');
//   - regions: the registry's two-letter regions that it does not deprecate, minus the codes ISO
//     3166 reserves (EU, UN, EZ ...), which the registry lists too; a deprecated one names its
//     Preferred-Value ('BU' -> 'MM'), and 'UK', which the registry does not have, 'GB';
//   - scripts: the registry's scripts, except the special codes for inherited, common, unknown,
//     unwritten and symbol text (Zinh Zyyy Zzzz Zxxx Zmth Zsye Zsym).
// ICU still gives what the registry does not: likely languages and English names.
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
// The country a reserved or deprecated code is meant for, when there is one beyond doubt: the
// registry's Preferred-Value ("BU" -> "MM"), and "UK" -> "GB".
std::string_view country_meant_by_reserved(std::string_view code);

// The language most spoken in a country, by ICU's likely subtags ("US" -> "en"); "" if unknown.
std::string likely_language_of_country(std::string_view code);
// A language's English name ("en" -> "English"); the code itself when ICU has none.
std::string english_language_name(std::string_view code);

}  // namespace sitemaplint
