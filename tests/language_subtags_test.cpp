// The ISO code lists behind hreflang values, with the adjustments pinned against ICU (so an ICU
// upgrade that moves one of them fails here, not silently in a verdict).
#include <doctest/doctest.h>

#include "analysis/language_subtags.h"

using namespace sitemaplint;

TEST_CASE("language subtags: ISO 639-1 languages, from ICU plus tl and bh, without withdrawn codes") {
  for (const char* code : {"en", "EN", "de", "uk", "zh", "th", "ja", "he", "id", "yi", "jv", "ro", "sr", "tl", "bh"}) {
    CAPTURE(code);
    CHECK(is_iso639_1_language(code));
  }
  for (const char* code : {"iw", "in", "ji", "jw", "mo", "sh", "xx", "us", "fil", "eng", "e", ""}) {
    CAPTURE(code);
    CHECK(!is_iso639_1_language(code));
  }
  CHECK(replacement_for_withdrawn_language("iw") == "he");
  CHECK(replacement_for_withdrawn_language("IN") == "id");
  CHECK(replacement_for_withdrawn_language("ji") == "yi");
  CHECK(replacement_for_withdrawn_language("jw") == "jv");
  CHECK(replacement_for_withdrawn_language("mo") == "ro");
  CHECK(replacement_for_withdrawn_language("sh") == "sr");
  CHECK(replacement_for_withdrawn_language("he").empty());
}

TEST_CASE("language subtags: countries are ICU's minus ISO 3166's reserved codes") {
  for (const char* code : {"US", "gb", "DE", "CH", "MD", "TW", "BR"}) {
    CAPTURE(code);
    CHECK(is_iso3166_country(code));
    CHECK(!is_reserved_region(code));
  }
  // Reserved: ICU lists DG, EA, IC and XK as countries, but Google ignores them as it does UK.
  for (const char* code : {"AC", "CP", "DG", "EA", "EU", "EZ", "FX", "IC", "SU", "TA", "UK",
                           "UN", "AN", "BU", "CS", "NT", "TP", "YU", "ZR", "XK", "uk"}) {
    CAPTURE(code);
    CHECK(is_reserved_region(code));
    CHECK(!is_iso3166_country(code));
  }
  for (const char* code : {"XY", "QQ", "ZZ", "AA", "419", "U"}) {
    CAPTURE(code);
    CHECK(!is_iso3166_country(code));
    CHECK(!is_reserved_region(code));
  }
  CHECK(country_meant_by_reserved("UK") == "GB");
  CHECK(country_meant_by_reserved("EU").empty());
}

TEST_CASE("language subtags: ISO 15924 scripts, in any case, without the special codes") {
  for (const char* code : {"Hant", "Hans", "hant", "LATN", "Cyrl", "Arab", "Kore", "Jpan"}) {
    CAPTURE(code);
    CHECK(is_iso15924_script(code));
  }
  for (const char* code :
       {"Zinh", "Zyyy", "Zzzz", "Zxxx", "Zmth", "Zsye", "Zsym", "Qaaa", "Hanx", "Abcd", "root", "Lat", "Latin"}) {
    CAPTURE(code);
    CHECK(!is_iso15924_script(code));
  }
}

TEST_CASE("language subtags: names and likely languages for messages") {
  CHECK(english_language_name("en") == "English");
  CHECK(english_language_name("DE") == "German");
  CHECK(likely_language_of_country("US") == "en");
  CHECK(likely_language_of_country("ua") == "uk");
  CHECK(likely_language_of_country("XY").empty());
}
