// The strict W3C Datetime parser: every form of the note, calendar checks, time zones, the slips
// people make, and conversion to Unix time against known instants.
#include <doctest/doctest.h>

#include "analysis/w3c_datetime.h"

using namespace sitemaplint;

namespace {

W3cDatetime parse_ok(std::string_view text) {
  DatetimeError error;
  const auto value = parse_w3c_datetime(text, &error);
  INFO("text: ", std::string(text), "  error: ", error.message);
  REQUIRE(value.has_value());
  return *value;
}

DatetimeError parse_bad(std::string_view text) {
  DatetimeError error;
  const auto value = parse_w3c_datetime(text, &error);
  INFO("text: ", std::string(text));
  CHECK_FALSE(value.has_value());
  CHECK_FALSE(error.message.empty());
  return error;
}

std::int64_t unix_of(std::string_view text) { return to_unix_seconds(parse_ok(text)); }

}  // namespace

TEST_CASE("W3C Datetime: every form of the note") {
  SUBCASE("YYYY") {
    const W3cDatetime v = parse_ok("2024");
    CHECK(v.year == 2024);
    CHECK(v.precision == DatePrecision::Year);
    CHECK_FALSE(v.has_time);
    CHECK_FALSE(v.has_timezone);
  }
  SUBCASE("YYYY-MM") {
    const W3cDatetime v = parse_ok("2024-05");
    CHECK(v.month == 5);
    CHECK(v.precision == DatePrecision::Month);
  }
  SUBCASE("YYYY-MM-DD") {
    const W3cDatetime v = parse_ok("2024-05-31");
    CHECK(v.day == 31);
    CHECK(v.precision == DatePrecision::Day);
    CHECK_FALSE(v.has_time);
  }
  SUBCASE("YYYY-MM-DDThh:mmTZD") {
    const W3cDatetime v = parse_ok("2024-05-31T10:45Z");
    CHECK(v.hour == 10);
    CHECK(v.minute == 45);
    CHECK(v.precision == DatePrecision::Minute);
    CHECK(v.has_time);
    CHECK(v.has_timezone);
    CHECK(v.offset_minutes == 0);
  }
  SUBCASE("YYYY-MM-DDThh:mm:ssTZD") {
    const W3cDatetime v = parse_ok("2024-05-31T10:45:59+02:00");
    CHECK(v.second == 59);
    CHECK(v.precision == DatePrecision::Second);
    CHECK(v.offset_minutes == 120);
  }
  SUBCASE("YYYY-MM-DDThh:mm:ss.sTZD, one or more digits") {
    CHECK(parse_ok("2024-05-31T10:45:30.5-05:30").precision == DatePrecision::Fraction);
    CHECK(parse_ok("2024-05-31T10:45:30.123456789Z").second == 30);
    CHECK(parse_ok("2024-05-31T10:45:30.5-05:30").offset_minutes == -330);
  }
  SUBCASE("a time without a time zone parses, marked") {
    const W3cDatetime v = parse_ok("2024-05-31T10:00:00");
    CHECK(v.has_time);
    CHECK_FALSE(v.has_timezone);
    CHECK_FALSE(parse_ok("2024-05-31T10:00").has_timezone);
    CHECK_FALSE(parse_ok("2024-05-31T10:00:00.25").has_timezone);
  }
}

TEST_CASE("W3C Datetime: time zones") {
  CHECK(parse_ok("2024-05-31T10:00:00+00:00").offset_minutes == 0);
  CHECK(parse_ok("2024-05-31T10:00:00-00:00").offset_minutes == 0);
  CHECK(parse_ok("2024-05-31T10:00:00+14:00").offset_minutes == 14 * 60);
  CHECK(parse_ok("2024-05-31T10:00:00-14:00").offset_minutes == -14 * 60);
  CHECK(parse_ok("2024-05-31T10:00:00+05:45").offset_minutes == 345);
  parse_bad("2024-05-31T10:00:00+14:01");
  parse_bad("2024-05-31T10:00:00+15:00");
  parse_bad("2024-05-31T10:00:00+01:60");
  parse_bad("2024-05-31T10:00:00+0100");
  parse_bad("2024-05-31T10:00:00+01");
  parse_bad("2024-05-31T10:00:00+1:00");
  parse_bad("2024-05-31T10:00:00 +01:00");
  parse_bad("2024-05-31T10:00:00UTC");
  parse_bad("2024-05-31T10:00:00ZZ");
  parse_bad("2024-05-31T10:00:00Z+01:00");
  CHECK(parse_bad("2024-05-31T10:00:00GMT").message.find("time zone") != std::string::npos);
}

TEST_CASE("W3C Datetime: calendar checks") {
  SUBCASE("leap years") {
    parse_ok("2024-02-29");
    parse_ok("2000-02-29");  // divisible by 400
    const DatetimeError e2023 = parse_bad("2023-02-29");
    CHECK(e2023.position == 8);
    CHECK(e2023.message == "there is no day 29 in February 2023 (it has 28 days; 2023 is not a leap year)");
    parse_bad("2100-02-29");  // divisible by 100, not 400
    parse_bad("1900-02-29");
    parse_bad("2024-02-30");
    CHECK(is_leap_year(2024));
    CHECK(is_leap_year(2000));
    CHECK_FALSE(is_leap_year(2100));
    CHECK_FALSE(is_leap_year(2023));
  }
  SUBCASE("month lengths") {
    const int lengths[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    for (int month = 1; month <= 12; ++month) CHECK(days_in_month(2023, month) == lengths[month - 1]);
    CHECK(days_in_month(2024, 2) == 29);
    parse_ok("2024-04-30");
    CHECK(parse_bad("2024-04-31").message == "there is no day 31 in April 2024 (it has 30 days)");
    parse_ok("2024-12-31");
    parse_bad("2024-06-31");
    parse_bad("2024-05-00");
    parse_bad("2024-05-32");
  }
  SUBCASE("months") {
    CHECK(parse_bad("2024-13-45").message == "month 13 does not exist");
    CHECK(parse_bad("2024-00").message == "month 00 does not exist");
    parse_ok("2024-12");
    parse_ok("2024-01");
  }
  SUBCASE("years") {
    parse_ok("0001-01-01");
    parse_ok("9999-12-31");
    parse_bad("0000-01-01");
    parse_bad("0000");
  }
}

TEST_CASE("W3C Datetime: times of day") {
  parse_ok("2024-05-31T00:00:00Z");
  parse_ok("2024-05-31T23:59:59Z");
  parse_ok("2024-05-31T23:59:59.999Z");
  CHECK(parse_bad("2024-05-31T25:00:00Z").message == "hour 25 does not exist (hours run from 00 to 23)");
  CHECK(parse_bad("2024-05-31T10:60:00Z").message == "minute 60 does not exist");
  CHECK(parse_bad("2024-05-31T23:59:60Z").message == "second 60 (a leap second) is not allowed");
  parse_bad("2024-05-31T10:00:61Z");
  SUBCASE("24:00:00 is XML Schema's, not the note's; the message names the next day") {
    const DatetimeError e = parse_bad("2024-05-31T24:00:00Z");
    CHECK(e.message.find("write 2024-06-01T00:00:00Z") != std::string::npos);
    CHECK(parse_bad("2024-12-31T24:00+01:00").message.find("write 2025-01-01T00:00+01:00") != std::string::npos);
    CHECK(parse_bad("2024-02-28T24:00:00.000Z").message.find("write 2024-02-29T00:00:00.000Z") != std::string::npos);
    CHECK(parse_bad("9999-12-31T24:00:00Z").message.find("write") == std::string::npos);
    CHECK(parse_bad("2024-05-31T24:00:00.5Z").message.find("hour 24 does not exist") != std::string::npos);
    CHECK(parse_bad("2024-05-31T24:30:00Z").message.find("hour 24 does not exist") != std::string::npos);
  }
}

TEST_CASE("W3C Datetime: malformed text and the slips people make") {
  SUBCASE("not a date at all") {
    for (const char* text : {"", "January 15, 2024", "15/01/2024", "yesterday", "2024-05-31T", "T10:00Z"}) {
      CAPTURE(text);
      parse_bad(text);
    }
  }
  SUBCASE("digits in the wrong number") {
    for (const char* text :
         {"24", "202", "20245", "2024-5", "2024-5-31", "2024-05-1", "2024-05-311", "2024-05-31T1:00Z",
          "2024-05-31T10:0Z", "2024-05-31T10:00:0Z", "2024-05-31T100:00Z", "2024-05-31T10:00:00.Z", "2024-05-31T10Z"}) {
      CAPTURE(text);
      parse_bad(text);
    }
  }
  SUBCASE("only ASCII digits count") {
    parse_bad("２０２４");  // full-width digits
    parse_bad("2024-0٥");  // Arabic-Indic five
  }
  SUBCASE("a space or a lower-case 't' between date and time") {
    const DatetimeError space = parse_bad("2024-05-31 10:00:00Z");
    CHECK(space.position == 10);
    CHECK(space.replacement == 'T');
    CHECK(space.message.find("not a space") != std::string::npos);
    const DatetimeError lower = parse_bad("2024-05-31t10:00:00Z");
    CHECK(lower.position == 10);
    CHECK(lower.replacement == 'T');
  }
  SUBCASE("a lower-case 'z'") {
    const DatetimeError e = parse_bad("2024-05-31T10:00:00z");
    CHECK(e.position == 19);
    CHECK(e.replacement == 'Z');
  }
  SUBCASE("a time zone on a date (xsd:date takes it, the note does not)") {
    CHECK(parse_bad("2024-05-31Z").message.find("only allowed after a time") != std::string::npos);
    parse_bad("2024-05-31+02:00");
    CHECK(parse_bad("2024-05-31Z").replacement == '\0');
  }
  SUBCASE("stray text is named") {
    CHECK(parse_bad("2024-05-31/").message == "unexpected '/' after 2024-05-31");
    CHECK(parse_bad("2024/05/31").message == "unexpected '/05/31' after 2024");
    parse_bad("2024-05T10:00Z");
    parse_bad("2024-05-31T10:00:00Z ");  // the caller trims; inner text is not trimmed
    parse_bad(" 2024-05-31");
  }
  SUBCASE("a null error pointer is allowed") { CHECK_FALSE(parse_w3c_datetime("nope", nullptr).has_value()); }
}

TEST_CASE("W3C Datetime: to_unix_seconds against known instants") {
  CHECK(unix_of("1970-01-01T00:00:00Z") == 0);
  CHECK(unix_of("1969-12-31T23:59:59Z") == -1);
  CHECK(unix_of("2000-01-01T00:00:00Z") == 946684800);
  CHECK(unix_of("2000-02-29") == 951782400);
  CHECK(unix_of("1900-03-01") == -2203891200);
  CHECK(unix_of("2024-02-29T12:00:00Z") == 1709208000);
  CHECK(unix_of("2025-01-01T00:00:00Z") == 1735689600);
  CHECK(unix_of("2038-01-19T03:14:07Z") == 2147483647);
  CHECK(unix_of("0001-01-01") == -62135596800);
  CHECK(unix_of("9999-12-31T23:59:59Z") == 253402300799);
  SUBCASE("reduced precision is the start of the period") {
    CHECK(unix_of("2024") == 1704067200);
    CHECK(unix_of("2024-05") == 1714521600);
    CHECK(unix_of("2024-05-31T10:00:00.999Z") == unix_of("2024-05-31T10:00:00Z"));
  }
  SUBCASE("offsets are east of UTC") {
    CHECK(unix_of("2024-05-31T10:00:00+02:00") == 1717142400);
    CHECK(unix_of("2024-05-31T10:00:00-05:30") == 1717169400);
    CHECK(unix_of("2024-12-31T23:30:00-14:00") == 1735738200);
    CHECK(unix_of("2024-01-01T00:00:00+14:00") == 1704016800);
    CHECK(unix_of("2024-05-31T10:00Z") == unix_of("2024-05-31T12:00+02:00"));
  }
  SUBCASE("no time zone counts as UTC") { CHECK(unix_of("2024-05-31T10:00:00") == unix_of("2024-05-31T10:00:00Z")); }
}

TEST_CASE("format_utc is the inverse for whole seconds") {
  CHECK(format_utc(0) == "1970-01-01T00:00:00Z");
  CHECK(format_utc(-1) == "1969-12-31T23:59:59Z");
  CHECK(format_utc(1735689600) == "2025-01-01T00:00:00Z");
  CHECK(format_utc(1709208000) == "2024-02-29T12:00:00Z");
  CHECK(format_utc(253402300799) == "9999-12-31T23:59:59Z");
  CHECK(format_utc(-62135596800) == "0001-01-01T00:00:00Z");
  for (const char* text : {"2024-05-31T10:00:00Z", "2100-03-01T00:00:01Z", "1999-12-31T23:59:59Z"}) {
    CHECK(format_utc(unix_of(text)) == text);
  }
}

TEST_CASE("W3C Datetime: the first and last instant a value can mean") {
  const auto at = [](const char* text) { return to_unix_seconds(*parse_w3c_datetime(text, nullptr)); };
  // A date alone: from 00:00 at +14:00 to 24:00 at -12:00.
  const W3cDatetime day = *parse_w3c_datetime("2024-12-30", nullptr);
  CHECK(earliest_instant(day) == at("2024-12-29T10:00:00Z"));
  CHECK(latest_instant(day) == at("2024-12-31T12:00:00Z"));
  // A time is one instant.
  const W3cDatetime instant = *parse_w3c_datetime("2024-12-30T10:00:00-01:00", nullptr);
  CHECK(earliest_instant(instant) == at("2024-12-30T11:00:00Z"));
  CHECK(latest_instant(instant) == at("2024-12-30T11:00:00Z"));
}

TEST_CASE("W3C Datetime: the usual shapes read at fixed positions give what the full parser gives") {
  // Values of the usual lengths with every field drawn from around its range (and past it), and
  // stray characters where the separators go: the shortcut must accept exactly what the full
  // parser accepts, with the same fields, and leave everything else to it.
  std::uint32_t state = 2024;
  const auto next = [&](std::uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  };
  const auto two = [](unsigned v) {
    return std::string{static_cast<char>('0' + v / 10 % 10), static_cast<char>('0' + v % 10)};
  };
  const std::string separators = "-:T+Z z.";
  std::size_t accepted = 0;
  for (int round = 0; round < 50'000; ++round) {
    const unsigned year = next(5) == 0 ? next(3) : 1990 + next(40);
    std::string text = std::string(1, static_cast<char>('0' + year / 1000 % 10)) +
                       static_cast<char>('0' + year / 100 % 10) + two(year % 100) + "-" + two(next(14)) + "-" +
                       two(next(33));
    const unsigned shape = next(3);
    if (shape >= 1) text += "T" + two(next(26)) + ":" + two(next(62)) + ":" + two(next(62));
    if (shape >= 1 && next(3) == 0) {  // a fraction of 0 to 3 digits (none is an error)
      text += ".";
      for (unsigned n = next(4); n > 0; --n) text += static_cast<char>('0' + next(10));
    }
    if (shape == 1) text += "Z";
    if (shape == 2) text += std::string(next(2) ? "+" : "-") + two(next(16)) + ":" + two(next(62));
    if (next(8) == 0)
      text[next(static_cast<std::uint32_t>(text.size()))] =
          separators[next(static_cast<std::uint32_t>(separators.size()))];
    CAPTURE(text);
    DatetimeError fast_error, full_error;
    const auto fast = parse_w3c_datetime(text, &fast_error);
    const auto full = parse_w3c_datetime_in_full(text, &full_error);
    REQUIRE(fast.has_value() == full.has_value());
    if (!full) {
      CHECK(fast_error.message == full_error.message);
      CHECK(fast_error.position == full_error.position);
      continue;
    }
    ++accepted;
    CHECK(fast->year == full->year);
    CHECK(fast->month == full->month);
    CHECK(fast->day == full->day);
    CHECK(fast->hour == full->hour);
    CHECK(fast->minute == full->minute);
    CHECK(fast->second == full->second);
    CHECK(fast->precision == full->precision);
    CHECK(fast->has_time == full->has_time);
    CHECK(fast->has_timezone == full->has_timezone);
    CHECK(fast->offset_minutes == full->offset_minutes);
  }
  CHECK(accepted > 12'000);  // the valid ones are plentiful, the invalid ones too
}
