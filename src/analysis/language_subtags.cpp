#include "analysis/language_subtags.h"

#include <algorithm>
#include <array>
#include <bitset>

#include "analysis/ascii.h"
#include "analysis/subtag_registry.h"

#include <unicode/uloc.h>
#include <unicode/unistr.h>

namespace sitemaplint {
namespace {

// ISO 639-1 withdrew 'sh' (Serbo-Croatian) in 2000; the registry keeps it as a macrolanguage for
// old tags ("sr, hr, bs are preferred for most modern uses"). Google asks for ISO 639-1 codes.
constexpr std::string_view kWithdrawnKeptByRegistry = "sh";
constexpr std::string_view kWithdrawnKeptReplacement = "sr";

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

// The two-letter subtags of `type` the registry does not deprecate.
TwoLetterSet current_in_registry(SubtagType type) {
  TwoLetterSet out;
  for (const RegistrySubtag& entry : registry_subtags()) {
    if (entry.type == type && !entry.deprecated) add(out, entry.subtag);
  }
  return out;
}

const TwoLetterSet& languages() {
  static const TwoLetterSet codes = [] {
    TwoLetterSet out = current_in_registry(SubtagType::Language);
    add(out, kWithdrawnKeptByRegistry, false);
    return out;
  }();
  return codes;
}

const TwoLetterSet& countries() {
  static const TwoLetterSet codes = [] {
    TwoLetterSet out = current_in_registry(SubtagType::Region);
    for (std::string_view code : kReserved) add(out, code, false);
    return out;
  }();
  return codes;
}

// ISO 3166's reserved codes, and every region code the registry deprecates (DD and YD too, which
// ISO no longer reserves: the registry still names the country each became).
const TwoLetterSet& reserved() {
  static const TwoLetterSet codes = [] {
    TwoLetterSet out;
    for (std::string_view code : kReserved) add(out, code);
    for (const RegistrySubtag& entry : registry_subtags()) {
      if (entry.type == SubtagType::Region && entry.deprecated) add(out, entry.subtag);
    }
    return out;
  }();
  return codes;
}

}  // namespace

bool is_iso639_1_language(std::string_view code) { return contains(languages(), code); }

std::string_view replacement_for_withdrawn_language(std::string_view code) {
  if (code.size() != 2) return {};
  if (ascii_lowered(code) == kWithdrawnKeptByRegistry) return kWithdrawnKeptReplacement;
  const RegistrySubtag* entry = find_registry_subtag(SubtagType::Language, code);
  return entry && entry->deprecated ? entry->preferred : std::string_view();
}

bool is_iso15924_script(std::string_view code) {
  if (code.size() != 4) return false;
  const RegistrySubtag* entry = find_registry_subtag(SubtagType::Script, code);
  if (!entry || entry->deprecated) return false;
  return std::find(kSpecialScripts.begin(), kSpecialScripts.end(), entry->subtag) == kSpecialScripts.end();
}

bool is_iso3166_country(std::string_view code) { return contains(countries(), code); }

bool is_reserved_region(std::string_view code) { return contains(reserved(), code); }

std::string_view country_meant_by_reserved(std::string_view code) {
  // UK is no registry subtag at all: ISO 3166 reserves it for the United Kingdom, whose code is GB.
  if (ascii_uppered(code) == "UK") return "GB";
  const RegistrySubtag* entry = code.size() == 2 ? find_registry_subtag(SubtagType::Region, code) : nullptr;
  return entry && entry->deprecated ? entry->preferred : std::string_view();
}

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
