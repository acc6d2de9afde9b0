#include "analysis/language_subtags.h"

#include <algorithm>
#include <array>
#include <bitset>

#include "analysis/ascii.h"

#include <unicode/uloc.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>

namespace sitemaplint {
namespace {

struct Withdrawn {
  std::string_view code, replacement;
};
// ISO 639-1 codes withdrawn in 1989-2000 that old sites still write; none is in ICU's list.
constexpr std::array<Withdrawn, 6> kWithdrawn{
    {{"iw", "he"}, {"in", "id"}, {"ji", "yi"}, {"jw", "jv"}, {"mo", "ro"}, {"sh", "sr"}}};
// Still ISO 639-1 codes, but absent from ICU's list (CLDR canonicalises them away).
constexpr std::array<std::string_view, 2> kLanguagesIcuOmits{"tl", "bh"};

constexpr std::array<std::string_view, 20> kReserved{"AC", "CP", "DG", "EA", "EU", "EZ", "FX", "IC", "SU", "TA",
                                                     "UK", "UN", "AN", "BU", "CS", "NT", "TP", "YU", "ZR", "XK"};

// Script codes that name no writing system a page can be in.
constexpr std::array<std::string_view, 7> kSpecialScripts{"Zinh", "Zyyy", "Zzzz", "Zxxx", "Zmth", "Zsye", "Zsym"};

// Two-letter codes as a set of bits, one per letter pair: a lookup is an index, not a search.
using TwoLetterSet = std::bitset<26 * 26>;

// The index of a two-letter code (any case); -1 when it is not two ASCII letters.
int pair_index(std::string_view code) {
  if (code.size() != 2) return -1;
  int index = 0;
  for (char c : code) {
    c = ascii_lower(c);
    if (!is_ascii_lower(c)) return -1;
    index = index * 26 + (c - 'a');
  }
  return index;
}

bool contains(const TwoLetterSet& set, std::string_view code) {
  const int index = pair_index(code);
  return index >= 0 && set.test(static_cast<std::size_t>(index));
}

void add(TwoLetterSet& set, std::string_view code, bool value = true) {
  const int index = pair_index(code);
  if (index >= 0) set.set(static_cast<std::size_t>(index), value);
}

const TwoLetterSet& languages() {
  static const TwoLetterSet codes = [] {
    TwoLetterSet out;
    for (const char* const* p = uloc_getISOLanguages(); *p; ++p) add(out, *p);
    for (std::string_view code : kLanguagesIcuOmits) add(out, code);
    for (const Withdrawn& w : kWithdrawn) add(out, w.code, false);
    return out;
  }();
  return codes;
}

const TwoLetterSet& countries() {
  static const TwoLetterSet codes = [] {
    TwoLetterSet out;
    for (const char* const* p = uloc_getISOCountries(); *p; ++p) add(out, *p);
    for (std::string_view code : kReserved) add(out, code, false);
    return out;
  }();
  return codes;
}

const TwoLetterSet& reserved() {
  static const TwoLetterSet codes = [] {
    TwoLetterSet out;
    for (std::string_view code : kReserved) add(out, code);
    return out;
  }();
  return codes;
}

}  // namespace

bool is_iso639_1_language(std::string_view code) { return contains(languages(), code); }

std::string_view replacement_for_withdrawn_language(std::string_view code) {
  const std::string key = ascii_lowered(code);
  for (const Withdrawn& w : kWithdrawn) {
    if (w.code == key) return w.replacement;
  }
  return {};
}

bool is_iso15924_script(std::string_view code) {
  if (code.size() != 4) return false;
  const std::string name(code);
  UScriptCode found[4];
  UErrorCode status = U_ZERO_ERROR;
  // uscript_getCode also reads locale names; only a code whose own short name this is counts.
  const int32_t n = uscript_getCode(name.c_str(), found, 4, &status);
  if (U_FAILURE(status) || n != 1) return false;
  const char* short_name = uscript_getShortName(found[0]);
  if (!short_name || ascii_lowered(short_name) != ascii_lowered(code)) return false;
  return std::find(kSpecialScripts.begin(), kSpecialScripts.end(), std::string_view(short_name)) ==
         kSpecialScripts.end();
}

bool is_iso3166_country(std::string_view code) { return contains(countries(), code); }

bool is_reserved_region(std::string_view code) { return contains(reserved(), code); }

std::string_view country_meant_by_reserved(std::string_view code) { return ascii_uppered(code) == "UK" ? "GB" : ""; }

std::string likely_language_of_country(std::string_view code) {
  if (!is_iso3166_country(code)) return {};
  const std::string und = "und_" + ascii_uppered(code);
  char likely[ULOC_FULLNAME_CAPACITY];
  UErrorCode status = U_ZERO_ERROR;
  uloc_addLikelySubtags(und.c_str(), likely, ULOC_FULLNAME_CAPACITY, &status);
  if (U_FAILURE(status)) return {};
  char language[ULOC_LANG_CAPACITY];
  uloc_getLanguage(likely, language, ULOC_LANG_CAPACITY, &status);
  if (U_FAILURE(status) || std::string_view(language) == "und") return {};
  return language;
}

std::string english_language_name(std::string_view code) {
  const std::string key = ascii_lowered(code);
  UChar name[64];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t length = uloc_getDisplayLanguage(key.c_str(), "en", name, 64, &status);
  std::string out;
  if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING || length <= 0) return key;
  icu::UnicodeString(name, length).toUTF8String(out);
  return out == key ? key : out;
}

}  // namespace sitemaplint
