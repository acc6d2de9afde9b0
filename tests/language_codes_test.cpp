// The ISO 639 code sets come from ICU with fixed adjustments; these pin them, so that an ICU
// upgrade that moves a code shows up here instead of silently changing what news-language-invalid
// reports.
#include <doctest/doctest.h>

#include "analysis/language_codes.h"

using namespace sitemaplint;

TEST_CASE("language codes: ISO 639-1, with tl and bh, without withdrawn codes") {
  for (const char* code : {"en", "de", "fr", "zh", "he", "id", "yi", "nl", "tl", "bh"}) {
    CAPTURE(code);
    CHECK(is_iso639_1(code));
  }
  for (const char* code : {"iw", "in", "ji", "jw", "mo", "sh", "xx", "EN", "e", "eng", ""}) {
    CAPTURE(code);
    CHECK_FALSE(is_iso639_1(code));
  }
  CHECK(withdrawn_iso639_1("iw") == "he");
  CHECK(withdrawn_iso639_1("sh") == "sr");
  CHECK(withdrawn_iso639_1("he").empty());
}

TEST_CASE("language codes: ISO 639-2/3, terminology and bibliographic, without the special codes") {
  for (const char* code : {"eng", "deu", "ger", "fra", "fre", "zho", "chi", "fil", "tgl", "yue", "haw", "wel"}) {
    CAPTURE(code);
    CHECK(is_iso639_3(code));
  }
  for (const char* code : {"und", "mul", "mis", "zxx", "xxx", "ENG", "en", "engl"}) {
    CAPTURE(code);
    CHECK_FALSE(is_iso639_3(code));
  }
}
