// How messages write values, counts, spans of time and characters.
#include <doctest/doctest.h>

#include "analysis/message_text.h"

using namespace sitemaplint;

TEST_CASE("message text: quoted values show invisible characters by code point and cut at code points") {
  CHECK(quoted("https://example.com/a") == "'https://example.com/a'");
  CHECK(quoted("a\xC2\xA0"
               "b") == "'a<U+00A0>b'");  // no-break space
  CHECK(quoted("\xE2\x80\x8Bhttps://x") == "'<U+200B>https://x'");  // zero width space
  CHECK(quoted("a\tb\nc") == "'a<U+0009>b<U+000A>c'");
  CHECK(quoted("caf\xC3\xA9 \xE6\x97\xA5") == "'caf\xC3\xA9 \xE6\x97\xA5'");  // visible non-ASCII stays
  CHECK(quoted("\xC3\xA9\xC3\xA9", 3) == "'\xC3\xA9...'");
}

TEST_CASE("message text: counts, spans of time and characters") {
  CHECK(grouped(27392) == "27,392");
  CHECK(grouped(999) == "999");
  CHECK(counted(1, "file") == "1 file");
  CHECK(time_span(2 * 86400) == "2 days");
  CHECK(time_span(27392LL * 86400 + 5) == "27,392 days");
  CHECK(time_span(3600) == "1 hour");
  CHECK(time_span(37 * 3600) == "37 hours");
  CHECK(character_label("\xC3\xA9") == "'\xC3\xA9' (U+00E9)");
  CHECK(character_label("\xC2\xA0") == "U+00A0 (NO-BREAK SPACE)");
  CHECK(character_label("\xE2\x80\xAE") == "U+202E (RIGHT-TO-LEFT OVERRIDE)");
}
