// ISO 3166-1 alpha-2 country codes, for <video:restriction>: ICU's list of countries (spec D10)
// without the codes ISO reserves rather than assigns, some of which ICU lists (DG, EA, IC, XK), so
// that an ICU upgrade cannot change a verdict unnoticed (tests/video_test.cpp pins them).
#pragma once

#include <string_view>

namespace sitemaplint::video {

// A current country code, upper case (the XSD's pattern is [A-Z]{2}).
bool is_iso3166_country(std::string_view code);
// Reserved exceptionally (AC CP DG EA EU EZ FX IC SU TA UK UN), transitionally (AN BU CS NT TP YU
// ZR) or for users (XK): Google ignores them.
bool is_reserved_region(std::string_view code);

}  // namespace sitemaplint::video
