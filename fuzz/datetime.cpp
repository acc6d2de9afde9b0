#include "analysis/w3c_datetime.h"
#include "fuzz_targets.h"

namespace sitemaplint::fuzz {

// A <lastmod> value. A refusal points inside the text; a value's instant, printed in UTC, parses
// back to the same instant.
void datetime(std::string_view data) {
  DatetimeError error;
  const std::optional<W3cDatetime> value = parse_w3c_datetime(data, &error);
  if (!value) {
    require(!error.message.empty(), "a datetime refused without a message");
    require(error.position <= data.size(), "a datetime refused at a position outside it");
    if (error.replacement != '\0')
      require(error.position < data.size(), "a replacement for a character that is not there");
    return;
  }
  require(value->month >= 1 && value->month <= 12 && value->day >= 1 &&
              value->day <= days_in_month(value->year, value->month) && value->hour <= 23 && value->minute <= 59 &&
              value->second <= 59,
          "a datetime accepted with a field out of range");
  const std::int64_t seconds = to_unix_seconds(*value);
  // format_utc covers the years 0001 to 9999; a time zone can move an instant just outside them.
  constexpr std::int64_t kFirst = -62'135'596'800, kLast = 253'402'300'799;
  if (seconds < kFirst || seconds > kLast) return;
  const std::string utc = format_utc(seconds);
  const std::optional<W3cDatetime> again = parse_w3c_datetime(utc, &error);
  require(again.has_value(), "format_utc printed a datetime that does not parse");
  require(to_unix_seconds(*again) == seconds, "format_utc printed another instant");
}

}  // namespace sitemaplint::fuzz
