// xs:decimal, the type of <priority>: the lexical form, exact comparison and the canonical form.
#include <doctest/doctest.h>

#include "analysis/xs_decimal.h"

using namespace sitemaplint;

namespace {

XsDecimal dec(std::string_view text) {
  const auto value = parse_xs_decimal(text);
  INFO("text: ", std::string(text));
  REQUIRE(value.has_value());
  return *value;
}

}  // namespace

TEST_CASE("xs:decimal accepts [+-]?(digits(.digits?)?|.digits)") {
  for (const char* text : {"1", "0", ".5", "0.125", "+0.5", "1.", "00.50", "-0.1", "1.0", "0.0", "-0", "+.5", "10",
                           "1.0000001", "000", "123456789012345678901234567890.5"}) {
    CAPTURE(text);
    CHECK(parse_xs_decimal(text).has_value());
  }
}

TEST_CASE("xs:decimal rejects everything else") {
  for (const char* text : {"",    ".",   "+",    "-",    "+.",   "0,5", "high", "1e-1", "1E2", "0.5.", "0..5",
                           "--1", "+-1", " 0.5", "0.5 ", "0 .5", "1/2", "50%",  "0x1",  "inf", "NaN",  "١"}) {
    CAPTURE(text);
    CHECK_FALSE(parse_xs_decimal(text).has_value());
  }
}

TEST_CASE("xs:decimal canonical form drops redundant zeros and signs") {
  CHECK(canonical(dec("00.50")) == "0.5");
  CHECK(canonical(dec(".5")) == "0.5");
  CHECK(canonical(dec("+0.5")) == "0.5");
  CHECK(canonical(dec("1.")) == "1");
  CHECK(canonical(dec("1.000")) == "1");
  CHECK(canonical(dec("0")) == "0");
  CHECK(canonical(dec("-0.0")) == "0");
  CHECK(canonical(dec("-0.10")) == "-0.1");
  CHECK(canonical(dec("0010.0100")) == "10.01");
  CHECK_FALSE(dec("-0").negative);
  CHECK(dec("-0.000").is_zero());
}

TEST_CASE("xs:decimal compares exactly, without floating point") {
  CHECK(compare(dec("1"), dec("1.0")) == 0);
  CHECK(compare(dec("0.5"), dec(".50")) == 0);
  CHECK(compare(dec("-0"), dec("0")) == 0);
  CHECK(compare(dec("1.0000001"), dec("1")) > 0);
  CHECK(compare(dec("1.00000000000000000000001"), dec("1")) > 0);  // equal as a double
  CHECK(compare(dec("0.99999999999999999999999"), dec("1")) < 0);
  CHECK(compare(dec("0.125"), dec("0.5")) < 0);
  CHECK(compare(dec("0.8"), dec("0.75")) > 0);
  CHECK(compare(dec("0.8"), dec("0.8001")) < 0);
  CHECK(compare(dec("10"), dec("9.99")) > 0);
  CHECK(compare(dec("-0.1"), dec("0")) < 0);
  CHECK(compare(dec("-0.1"), dec("-0.2")) > 0);
  CHECK(compare(dec("-2"), dec("-10")) > 0);
  CHECK(compare(dec("0"), dec("0.0000001")) < 0);
  CHECK(compare(dec("1.5"), dec("1")) > 0);
}
