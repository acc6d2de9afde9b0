#include "analysis/language_codes.h"

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <utility>

#include <unicode/uloc.h>

namespace sitemaplint {
namespace {

struct LanguageSets {
  std::set<std::string, std::less<>> two, three;
};

constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kWithdrawn = {
    {{"iw", "he"}, {"in", "id"}, {"ji", "yi"}, {"jw", "jv"}, {"mo", "ro"}, {"sh", "sr"}}};

const LanguageSets& language_sets() {
  static const LanguageSets sets = [] {
    LanguageSets s;
    for (const char* const* code = uloc_getISOLanguages(); *code; ++code) {
      const std::string_view c = *code;
      (c.size() == 2 ? s.two : s.three).insert(std::string(c));
    }
    s.two.insert("tl");
    s.two.insert("bh");
    for (const auto& [old_code, current] : kWithdrawn) s.two.erase(std::string(old_code));
    for (const std::string& two : s.two) {
      const std::string three = uloc_getISO3Language(two.c_str());
      if (three.size() == 3) s.three.insert(three);
    }
    // ISO 639-2/B: the bibliographic codes, which ICU does not list.
    for (const char* b : {"alb", "arm", "baq", "bur", "chi", "cze", "dut", "fre", "geo", "ger", "gre",
                          "ice", "mac", "mao", "may", "per", "rum", "slo", "tib", "wel", "bih", "tgl"}) {
      s.three.insert(b);
    }
    for (const char* special : {"mis", "mul", "und", "zxx"}) s.three.erase(special);
    return s;
  }();
  return sets;
}

}  // namespace

bool is_iso639_1(std::string_view code) { return code.size() == 2 && language_sets().two.contains(code); }

bool is_iso639_3(std::string_view code) { return code.size() == 3 && language_sets().three.contains(code); }

std::string_view withdrawn_iso639_1(std::string_view code) {
  const auto it = std::find_if(kWithdrawn.begin(), kWithdrawn.end(), [&](const auto& w) { return w.first == code; });
  return it == kWithdrawn.end() ? std::string_view() : it->second;
}

}  // namespace sitemaplint
