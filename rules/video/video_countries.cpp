#include "rules/video/video_countries.h"

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include <unicode/uloc.h>

namespace sitemaplint::video {
namespace {

constexpr std::array<std::string_view, 20> kReserved = {"AC", "CP", "DG", "EA", "EU", "EZ", "FX", "IC", "SU", "TA",
                                                        "UK", "UN", "AN", "BU", "CS", "NT", "TP", "YU", "ZR", "XK"};

const std::set<std::string, std::less<>>& countries() {
  static const std::set<std::string, std::less<>> list = [] {
    std::set<std::string, std::less<>> out;
    for (const char* const* code = uloc_getISOCountries(); *code; ++code) {
      if (!is_reserved_region(*code)) out.insert(*code);
    }
    return out;
  }();
  return list;
}

}  // namespace

bool is_iso3166_country(std::string_view code) { return countries().contains(code); }

bool is_reserved_region(std::string_view code) {
  return std::find(kReserved.begin(), kReserved.end(), code) != kReserved.end();
}

}  // namespace sitemaplint::video
