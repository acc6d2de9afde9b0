// The embedded IANA Language Subtag Registry (analysis/subtag_registry.h): the generated table is
// well-formed and current, the script that generates it reads the registry's record-jar format,
// and the language checks rest on it.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "analysis/ascii.h"
#include "analysis/language_subtags.h"
#include "analysis/subtag_registry.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

bool all_of_chars(std::string_view text, bool (*test)(char)) { return std::all_of(text.begin(), text.end(), test); }

// Whether `subtag` has the shape RFC 5646 (section 2.1) gives its type, in the registry's case.
bool well_shaped(const RegistrySubtag& entry) {
  const std::string_view s = entry.subtag;
  switch (entry.type) {
    case SubtagType::Language: return s.size() == 2 && all_of_chars(s, is_ascii_lower);
    case SubtagType::Script: return s.size() == 4 && is_ascii_upper(s[0]) && all_of_chars(s.substr(1), is_ascii_lower);
    case SubtagType::Region:
      return (s.size() == 2 && all_of_chars(s, is_ascii_upper)) || (s.size() == 3 && all_of_chars(s, is_ascii_digit));
    case SubtagType::Variant: {
      const bool alphanumeric =
          std::all_of(s.begin(), s.end(), [](char c) { return is_ascii_lower(c) || is_ascii_digit(c); });
      return alphanumeric && (s.size() >= 5 ? s.size() <= 8 : s.size() == 4 && is_ascii_digit(s[0]));
    }
  }
  return false;
}

}  // namespace

TEST_CASE("subtag registry: the table is well-formed, sorted and dated") {
  const std::string_view date = subtag_registry_file_date();
  REQUIRE(date.size() == 10);
  CHECK(date >= "2025-01-01");  // newer than the ICU data it replaces
  const auto registry = registry_subtags();
  REQUIRE(registry.size() > 700);
  for (std::size_t i = 0; i < registry.size(); ++i) {
    const RegistrySubtag& entry = registry[i];
    CAPTURE(entry.subtag);
    CHECK(well_shaped(entry));
    if (i > 0) {
      const RegistrySubtag& previous = registry[i - 1];
      CHECK((previous.type < entry.type || (previous.type == entry.type && previous.subtag < entry.subtag)));
    }
    if (!entry.preferred.empty()) {
      // A Preferred-Value of a deprecated language or region is itself a current subtag.
      const RegistrySubtag* preferred = find_registry_subtag(entry.type, entry.preferred);
      if (entry.type == SubtagType::Language || entry.type == SubtagType::Region) {
        REQUIRE(preferred != nullptr);
        CHECK_FALSE(preferred->deprecated);
      }
    }
  }
  for (const SubtagType type : {SubtagType::Language, SubtagType::Script, SubtagType::Region, SubtagType::Variant}) {
    CHECK(std::any_of(registry.begin(), registry.end(), [&](const RegistrySubtag& e) { return e.type == type; }));
  }
}

TEST_CASE("subtag registry: lookups in any case, deprecated codes and their preferred values") {
  const RegistrySubtag* iw = find_registry_subtag(SubtagType::Language, "IW");
  REQUIRE(iw != nullptr);
  CHECK(iw->deprecated);
  CHECK(iw->preferred == "he");
  CHECK(find_registry_subtag(SubtagType::Script, "latn") != nullptr);
  CHECK(find_registry_subtag(SubtagType::Region, "gb") != nullptr);
  CHECK(find_registry_subtag(SubtagType::Region, "UK") == nullptr);  // reserved in ISO 3166, never registered
  CHECK(find_registry_subtag(SubtagType::Region, "419") != nullptr);
  CHECK(find_registry_subtag(SubtagType::Variant, "1901") != nullptr);
  CHECK(find_registry_subtag(SubtagType::Language, "xx") == nullptr);
}

TEST_CASE("subtag registry: scripts registered since ICU 72's data are scripts") {
  // Garay, Sunuwar and Todhri: in the registry since 2023-10-16 and 2021-12-24.
  for (const char* script : {"Gara", "Sunu", "Todr", "Kawi"}) {
    CAPTURE(script);
    CHECK(is_iso15924_script(script));
  }
  CHECK_FALSE(is_iso15924_script("Zyyy"));  // common text: no script a page is written in
  CHECK_FALSE(is_iso15924_script("Qaaa"));  // private use, a range the table leaves out
  CHECK(replacement_for_withdrawn_language("iw") == "he");
  CHECK(replacement_for_withdrawn_language("mo") == "ro");
  CHECK(replacement_for_withdrawn_language("sh") == "sr");
  CHECK_FALSE(is_iso639_1_language("iw"));
  CHECK_FALSE(is_iso639_1_language("sh"));
  CHECK(is_iso639_1_language("he"));
  CHECK(country_meant_by_reserved("BU") == "MM");
  CHECK(country_meant_by_reserved("uk") == "GB");
  CHECK(country_meant_by_reserved("EU").empty());
  CHECK_FALSE(is_iso3166_country("EU"));
  CHECK(is_iso3166_country("gb"));
}

TEST_CASE("subtag registry: the script reads the registry file's records into the table") {
  const TempDir dir;
  const std::string registry = dir.write("language-subtag-registry",
                                         "File-Date: 2031-02-03\n"
                                         "%%\nType: language\nSubtag: iw\nDescription: Hebrew\nAdded: 2005-10-16\n"
                                         "Deprecated: 1989-01-01\nPreferred-Value: he\n"
                                         "%%\nType: language\nSubtag: he\nDescription: Hebrew\n"
                                         "%%\nType: language\nSubtag: heb\nDescription: not two letters\n"
                                         "%%\nType: script\nSubtag: Qaaa..Qabx\nDescription: Private use\n"
                                         "%%\nType: script\nSubtag: Hebr\nDescription: Hebrew\n"
                                         "  continued on a line of its own\n"
                                         "%%\nType: region\nSubtag: IL\nDescription: Israel\n"
                                         "%%\nType: region\nSubtag: ZZ\nDescription: Private use\n"
                                         "%%\nType: extlang\nSubtag: aao\nPrefix: ar\n");
  const CommandResult run =
      run_command("sh " + shell_quote(source_path("src/analysis/subtag_registry.sh")) + " " + shell_quote(registry));
  REQUIRE_MESSAGE(run.exit_code == 0, run.out);
  CHECK(run.out ==
        "// Generated by src/analysis/subtag_registry.sh from the IANA Language Subtag Registry; do not edit.\n"
        "// clang-format off\n"
        "inline constexpr std::string_view kSubtagRegistryFileDate = \"2031-02-03\";\n"
        "inline constexpr RegistrySubtag kRegistrySubtags[] = {\n"
        "    {SubtagType::Language, \"he\", false, \"\"},\n"
        "    {SubtagType::Language, \"iw\", true, \"he\"},\n"
        "    {SubtagType::Script, \"Hebr\", false, \"\"},\n"
        "    {SubtagType::Region, \"IL\", false, \"\"},\n"
        "};\n"
        "// clang-format on\n");
  // The table in the tree is the script's output for the registry of its File-Date: regenerate
  // it with the script, never by hand.
  const std::string table = read_file(source_path("src/analysis/subtag_registry.inc"));
  CHECK(table.find("kSubtagRegistryFileDate = \"" + std::string(subtag_registry_file_date()) + "\"") !=
        std::string::npos);
  CHECK(table.starts_with("// Generated by src/analysis/subtag_registry.sh"));
}
