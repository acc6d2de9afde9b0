// The shape of hreflang values: x-default or language[-Script][-REGION], the conventional case,
// and what a malformed value was probably meant to be.
#include <doctest/doctest.h>

#include "analysis/language_tag.h"

using namespace sitemaplint;

TEST_CASE("language tags: the shapes Google accepts, split into their parts") {
  struct Case {
    const char* code;
    const char* language;
    const char* script;
    const char* region;
  };
  for (const Case& c :
       {Case{"en", "en", "", ""}, Case{"fil", "fil", "", ""}, Case{"en-GB", "en", "", "GB"},
        Case{"de-ch", "de", "", "ch"}, Case{"zh-Hant", "zh", "Hant", ""}, Case{"zh-Hant-TW", "zh", "Hant", "TW"},
        Case{"es-419", "es", "", "419"}, Case{"EN-us", "EN", "", "us"}, Case{"us", "us", "", ""}}) {
    CAPTURE(c.code);
    const LanguageTag tag = parse_language_tag(c.code);
    REQUIRE(tag.shape == TagShape::Tag);
    CHECK(tag.language == c.language);
    CHECK(tag.script == c.script);
    CHECK(tag.region == c.region);
  }
  for (const char* code : {"x-default", "X-DEFAULT", "X-Default"}) {
    CAPTURE(code);
    CHECK(parse_language_tag(code).shape == TagShape::XDefault);
  }
}

TEST_CASE("language tags: everything else is malformed") {
  for (const char* code : {"",
                           "e",
                           "english",
                           "en_US",
                           "en US",
                           "en-",
                           "-en",
                           "en--US",
                           "en-US-GB",
                           "en-GB-Hant",
                           "en-U",
                           "en-USA",
                           "en-1234",
                           "en-12",
                           "de-DE-1996",
                           "en-US-u-ca-gregory",
                           "x_default",
                           "xdefault",
                           "x-default-x",
                           "12",
                           "en-Hant-TW-x",
                           "ja-Jpan-JP-"}) {
    CAPTURE(code);
    CHECK(parse_language_tag(code).shape == TagShape::Malformed);
  }
}

TEST_CASE("language tags: the canonical form and the case Google's examples use") {
  CHECK(canonical_tag(parse_language_tag("EN-us")) == "en-US");
  CHECK(canonical_tag(parse_language_tag("ZH-hANT-tw")) == "zh-Hant-TW");
  CHECK(canonical_tag(parse_language_tag("X-Default")) == "x-default");
  CHECK(canonical_tag(parse_language_tag("es-419")) == "es-419");
  CHECK(canonical_tag(parse_language_tag("en_US")).empty());
  for (const char* code : {"en", "en-GB", "en-gb", "zh-Hant", "zh-hant", "zh-HANT-TW", "es-419", "x-default"}) {
    CAPTURE(code);
    CHECK(is_conventional_case(parse_language_tag(code)));
  }
  for (const char* code : {"EN", "En-gb", "en-Gb", "en-gB", "zh-hAnt", "zh-HAnt-TW"}) {
    CAPTURE(code);
    CHECK(!is_conventional_case(parse_language_tag(code)));
  }
}

TEST_CASE("language tags: a malformed value's likely meaning") {
  const MalformedTag underscore = diagnose_malformed("en_US");
  CHECK(underscore.kind == Malformation::Separator);
  CHECK(underscore.separator == '_');
  CHECK(underscore.repaired == "en-US");
  const MalformedTag space = diagnose_malformed("fr  FR");
  CHECK(space.kind == Malformation::Separator);
  CHECK(space.separator == ' ');
  CHECK(space.repaired == "fr-FR");
  CHECK(diagnose_malformed("zh_Hant-TW").repaired == "zh-Hant-TW");
  // The separator is wrong, but the value would still not be a tag: no repair.
  const MalformedTag no_repair = diagnose_malformed("en_US_extra");
  CHECK(no_repair.kind == Malformation::Separator);
  CHECK(no_repair.repaired.empty());
  CHECK(diagnose_malformed("en_").repaired.empty());
  for (const char* code : {"x_default", "X_DEFAULT", "x default", "xdefault", "x--default"}) {
    CAPTURE(code);
    const MalformedTag m = diagnose_malformed(code);
    CHECK(m.kind == Malformation::XDefaultSpelling);
    CHECK(m.repaired == "x-default");
  }
  for (const char* code : {"en-US-invalid-extra", "de-DE-1996", "en-US-u-ca-gregory", "sr-Latn-RS-x"}) {
    CAPTURE(code);
    CHECK(diagnose_malformed(code).kind == Malformation::TooManyParts);
  }
  for (const char* code : {"en-", "english", "e", "12", "en-US!", "-en", "x-defaults"}) {
    CAPTURE(code);
    CHECK(diagnose_malformed(code).kind == Malformation::Other);
  }
  CHECK(diagnose_malformed("").kind == Malformation::Empty);
}
