// W3C Datetime (the profile of ISO 8601 that sitemaps use for <lastmod>), parsed strictly:
//   YYYY | YYYY-MM | YYYY-MM-DD | YYYY-MM-DDThh:mmTZD | YYYY-MM-DDThh:mm:ssTZD |
//   YYYY-MM-DDThh:mm:ss.sTZD, where TZD is Z or +hh:mm / -hh:mm.
// A time without a time zone is parsed but flagged, since Google rejects it.
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
  std::string message;
};

// Parses `text` (already trimmed). Returns the value, or nullopt with *error set.
std::optional<W3cDatetime> parse_w3c_datetime(std::string_view text, DatetimeError* error);

// Seconds since the Unix epoch (UTC) of the earliest instant the value can denote; a missing time
// zone is taken as UTC.
std::int64_t to_unix_seconds(const W3cDatetime& value);

int days_in_month(int year, int month);

}  // namespace sitemaplint
