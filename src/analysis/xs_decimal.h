// xs:decimal (XML Schema 1.0 Part 2, 3.2.3), the type of <priority>: the lexical form
// [+-]?(\d+(\.\d*)?|\.\d+) ("1", "0", ".5", "1.", "+0.5", "00.50"), with no exponent, no comma and no
// white space inside (the caller trims the outside). Values are compared exactly, digit by digit,
// never through floating point, so 1.0000001 is above 1.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sitemaplint {

struct XsDecimal {
  bool negative = false;  // never true for zero: "-0.0" is zero
  std::string_view integer;  // integer digits without leading zeros; empty when the integer part is 0
  std::string_view fraction;  // fraction digits without trailing zeros; empty when there are none

  bool is_zero() const { return integer.empty() && fraction.empty(); }
};

// Parses `text`; the result's views point into `text`. nullopt when it is not an xs:decimal.
std::optional<XsDecimal> parse_xs_decimal(std::string_view text);

// Negative, zero or positive as a is less than, equal to or greater than b.
int compare(const XsDecimal& a, const XsDecimal& b);

// The canonical form for messages: "0.5", "1", "0", "-0.125".
std::string canonical(const XsDecimal& value);

}  // namespace sitemaplint
