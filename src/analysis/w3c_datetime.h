// W3C Datetime (https://www.w3.org/TR/NOTE-datetime, the profile of ISO 8601 that sitemaps use for
// <lastmod>), parsed strictly:
//   YYYY | YYYY-MM | YYYY-MM-DD | YYYY-MM-DDThh:mmTZD | YYYY-MM-DDThh:mm:ssTZD |
//   YYYY-MM-DDThh:mm:ss.sTZD, where TZD is Z or +hh:mm / -hh:mm.
// Strict means: upper-case 'T' and 'Z' only (RFC 3339 allows lower case, the note and XML Schema do
// not), hours 00 to 23 (the note's range; XML Schema 1.0 also takes 24:00:00), no leap second, a
// date that exists in the proleptic Gregorian calendar (year 0001 to 9999), and time zone offsets
// within XML Schema's -14:00..+14:00. A time without a time zone is parsed but marked
// (has_time && !has_timezone): the note requires the zone and Google rejects it, while the sitemap
// XSD accepts it, so the caller decides how to report it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sitemaplint {

enum class DatePrecision { Year, Month, Day, Minute, Second, Fraction };

struct W3cDatetime {
  int year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0;
  DatePrecision precision = DatePrecision::Day;
  bool has_time = false;
  bool has_timezone = false;
  int offset_minutes = 0;  // east of UTC
};

struct DatetimeError {
  std::size_t position = 0;  // index into the text where it goes wrong
  std::string message;  // a clause that explains it, e.g. "month 13 does not exist"
  // When the one character at `position` is a known slip (a space or 't' for 'T', 'z' for 'Z'),
  // the character that belongs there; '\0' otherwise.
  char replacement = '\0';
};

// Parses `text` (already trimmed). Returns the value, or nullopt with *error set (if not null).
// The usual shapes (YYYY-MM-DD, with Thh:mm:ss and a zone) are read at fixed positions first.
std::optional<W3cDatetime> parse_w3c_datetime(std::string_view text, DatetimeError* error);
// The same without that shortcut: every value through the full parser (tests hold the two alike).
std::optional<W3cDatetime> parse_w3c_datetime_in_full(std::string_view text, DatetimeError* error);

// Seconds since the Unix epoch (UTC) of the earliest instant the value can denote: the start of its
// year, month, day or second (a fraction is dropped). A missing time zone is taken as UTC.
std::int64_t to_unix_seconds(const W3cDatetime& value);

// The first and the last instant a value can mean, in seconds since the epoch: a value with a time
// is one instant; a date alone is a day in some time zone, from 00:00 at +14:00 to 24:00 at -12:00
// (what Google's news and video sitemaps compare with the clock).
std::int64_t earliest_instant(const W3cDatetime& value);
std::int64_t latest_instant(const W3cDatetime& value);

// The instant as "YYYY-MM-DDThh:mm:ssZ" (for messages). Years outside 0001..9999 are not supported.
std::string format_utc(std::int64_t unix_seconds);

bool is_leap_year(int year);
int days_in_month(int year, int month);  // month 1..12

}  // namespace sitemaplint
