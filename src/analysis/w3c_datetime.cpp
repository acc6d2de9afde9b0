#include "analysis/w3c_datetime.h"

#include <cstdio>

namespace sitemaplint {
namespace {

constexpr const char* kMonthNames[] = {"January", "February", "March",     "April",   "May",      "June",
                                       "July",    "August",   "September", "October", "November", "December"};

bool is_digit(char c) { return c >= '0' && c <= '9'; }  // ASCII only, whatever the locale

class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}
  bool at_end() const { return pos_ >= text_.size(); }
  std::size_t pos() const { return pos_; }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  bool take(char c) {
    if (at_end() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }
  // Exactly `n` digits, not followed by another digit.
  std::optional<int> digits(std::size_t n) {
    if (pos_ + n > text_.size()) return std::nullopt;
    int value = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const char c = text_[pos_ + i];
      if (!is_digit(c)) return std::nullopt;
      value = value * 10 + (c - '0');
    }
    if (pos_ + n < text_.size() && is_digit(text_[pos_ + n])) return std::nullopt;
    pos_ += n;
    return value;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

class Parser {
 public:
  Parser(std::string_view text, DatetimeError* error) : text_(text), c_(text), error_(error) {}

  std::optional<W3cDatetime> parse() {
    if (!date() || !time() || !end()) return std::nullopt;
    return v_;
  }

 private:
  bool fail(std::size_t pos, std::string message, char replacement = '\0') {
    if (error_) *error_ = DatetimeError{pos, std::move(message), replacement};
    return false;
  }

  static std::string two(int n) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%02d", n);
    return buffer;
  }

  bool date() {
    const auto year = c_.digits(4);
    if (!year) {
      return fail(0,
                  "expected YYYY-MM-DD, or YYYY-MM-DDThh:mm:ss followed by a time zone such as Z or "
                  "+01:00");
    }
    if (*year == 0) return fail(0, "year 0000 does not exist (years run from 0001)");
    v_.year = *year;
    v_.precision = DatePrecision::Year;
    if (!c_.take('-')) return true;
    const std::size_t month_at = c_.pos();
    const auto month = c_.digits(2);
    if (!month) return fail(month_at, "expected a two-digit month (01 to 12) after the year");
    if (*month < 1 || *month > 12) return fail(month_at, "month " + two(*month) + " does not exist");
    v_.month = *month;
    v_.precision = DatePrecision::Month;
    if (!c_.take('-')) return true;
    const std::size_t day_at = c_.pos();
    const auto day = c_.digits(2);
    if (!day) return fail(day_at, "expected a two-digit day after the month");
    const int last = days_in_month(v_.year, v_.month);
    if (*day < 1 || *day > last) {
      std::string why = "there is no day " + two(*day) + " in " + kMonthNames[v_.month - 1] + " " +
                        std::to_string(v_.year) + " (it has " + std::to_string(last) + " days";
      if (v_.month == 2 && *day == 29) why += "; " + std::to_string(v_.year) + " is not a leap year";
      return fail(day_at, why + ")");
    }
    v_.day = *day;
    v_.precision = DatePrecision::Day;
    return true;
  }

  bool time() {
    if (v_.precision != DatePrecision::Day || c_.at_end()) return true;
    const char sep = c_.peek();
    if (sep == ' ') return fail(c_.pos(), "date and time must be joined by 'T', not a space", 'T');
    if (sep == 't') return fail(c_.pos(), "date and time must be joined by an upper-case 'T'", 'T');
    if (sep == 'Z' || sep == 'z' || sep == '+' || sep == '-') {
      return fail(c_.pos(),
                  "a time zone is only allowed after a time (write YYYY-MM-DD alone, or "
                  "YYYY-MM-DDThh:mm:ss followed by the zone)");
    }
    if (!c_.take('T')) return true;  // end() reports the stray text
    const std::size_t start = c_.pos();
    const auto hour = c_.digits(2);
    if (!hour || !c_.take(':')) return fail(start, "expected the time as hh:mm after 'T'");
    const auto minute = c_.digits(2);
    if (!minute) return fail(start, "expected the time as hh:mm after 'T'");
    v_.has_time = true;
    v_.hour = *hour;
    v_.minute = *minute;
    v_.precision = DatePrecision::Minute;
    bool fraction_zero = true;
    if (c_.take(':')) {
      const auto second = c_.digits(2);
      if (!second) return fail(c_.pos(), "expected two digits of seconds after hh:mm:");
      v_.second = *second;
      v_.precision = DatePrecision::Second;
      if (c_.take('.')) {
        if (!is_digit(c_.peek())) return fail(c_.pos(), "expected digits after the decimal point of the seconds");
        for (char d = c_.peek(); is_digit(d); d = c_.peek()) {
          if (d != '0') fraction_zero = false;
          c_.take(d);
        }
        v_.precision = DatePrecision::Fraction;
      }
    }
    if (!zone()) return false;
    if (v_.hour == 24 && v_.minute == 0 && v_.second == 0 && fraction_zero) {
      std::string message =
          "hour 24 is not allowed: W3C Datetime hours run from 00 to 23 (XML Schema 1.0 "
          "reads 24:00:00 as the midnight that ends the day)";
      if (v_.year < 9999 || v_.month < 12 || v_.day < 31) {
        W3cDatetime next = v_;
        next.hour = next.minute = next.second = next.offset_minutes = 0;
        const std::string next_day = format_utc(to_unix_seconds(next) + 86400).substr(0, 10);
        message += "; write " + next_day + "T00:00" + std::string(text_.substr(start + 5));
      }
      return fail(start, std::move(message));
    }
    if (v_.hour > 23) return fail(start, "hour " + two(v_.hour) + " does not exist (hours run from 00 to 23)");
    if (v_.minute > 59) return fail(start + 3, "minute " + two(v_.minute) + " does not exist");
    if (v_.second == 60) return fail(start + 6, "second 60 (a leap second) is not allowed");
    if (v_.second > 59) return fail(start + 6, "second " + two(v_.second) + " does not exist");
    return true;
  }

  bool zone() {
    if (c_.at_end()) return true;  // no time zone: the caller reports it
    if (c_.take('Z')) {
      v_.has_timezone = true;
      return true;
    }
    const std::size_t start = c_.pos();
    const char sign = c_.peek();
    if (sign == 'z') return fail(start, "the UTC designator must be an upper-case 'Z'", 'Z');
    if (sign != '+' && sign != '-') {
      return fail(start, "expected a time zone ('Z', '+hh:mm' or '-hh:mm') after the time");
    }
    c_.take(sign);
    const auto hh = c_.digits(2);
    if (!hh || !c_.take(':')) return fail(start, "the time zone must be written '+hh:mm' or '-hh:mm'");
    const auto mm = c_.digits(2);
    if (!mm) return fail(start, "the time zone must be written '+hh:mm' or '-hh:mm'");
    if (*mm > 59) return fail(start, "the time zone offset has minute " + two(*mm));
    if (*hh > 14 || (*hh == 14 && *mm != 0)) {
      return fail(start, "the time zone offset is out of range (-14:00 to +14:00)");
    }
    v_.has_timezone = true;
    v_.offset_minutes = (sign == '-' ? -1 : 1) * (*hh * 60 + *mm);
    return true;
  }

  bool end() {
    if (c_.at_end()) return true;
    std::string rest(text_.substr(c_.pos(), 24));
    while (!rest.empty() && (static_cast<unsigned char>(rest.back()) & 0x80)) rest.pop_back();  // no split code points
    return fail(c_.pos(), "unexpected '" + rest + (c_.pos() + 24 < text_.size() ? "...'" : "'") + " after " +
                              std::string(text_.substr(0, c_.pos())));
  }

  std::string_view text_;
  Cursor c_;
  DatetimeError* error_;
  W3cDatetime v_;
};

// Howard Hinnant's days_from_civil / civil_from_days (http://howardhinnant.github.io/date_algorithms.html).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civil_from_days(std::int64_t z, std::int64_t* y, unsigned* m, unsigned* d) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = static_cast<std::int64_t>(yoe) + era * 400 + (*m <= 2);
}

}  // namespace

bool is_leap_year(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2) return is_leap_year(year) ? 29 : 28;
  return kDays[month - 1];
}

namespace {

// The shapes nearly every <lastmod> has, read at fixed positions: YYYY-MM-DD, and that with
// Thh:mm:ss, maybe a fraction of a second, and Z or +hh:mm / -hh:mm. nullopt for anything else, and for any value out of the
// usual ranges: the Parser then decides, and says why.
std::optional<W3cDatetime> parse_usual(std::string_view t) {
  if (t.size() != 10 && t.size() < 20) return std::nullopt;
  // Two or four digits at a fixed place, read without a loop: at -O2 the loop over a width was
  // not unrolled, and took a third of the time a usual date took. `value` is written either way
  // (a value that fails is given up whole).
  const auto digit = [&](std::size_t at) { return static_cast<unsigned>(static_cast<unsigned char>(t[at])) - '0'; };
  const auto digits = [&](std::size_t at, std::size_t n, int* value) {
    const unsigned a = digit(at), b = digit(at + 1);
    if (n == 2) {
      *value = static_cast<int>(a * 10 + b);
      return a <= 9 && b <= 9;
    }
    const unsigned c = digit(at + 2), d = digit(at + 3);
    *value = static_cast<int>(((a * 10 + b) * 10 + c) * 10 + d);
    return a <= 9 && b <= 9 && c <= 9 && d <= 9;
  };
  W3cDatetime v;
  if (t[4] != '-' || t[7] != '-' || !digits(0, 4, &v.year) || !digits(5, 2, &v.month) || !digits(8, 2, &v.day) ||
      v.year == 0 || v.month < 1 || v.month > 12 || v.day < 1 || v.day > days_in_month(v.year, v.month)) {
    return std::nullopt;
  }
  v.precision = DatePrecision::Day;
  if (t.size() == 10) return v;
  if (t[10] != 'T' || t[13] != ':' || t[16] != ':' || !digits(11, 2, &v.hour) || !digits(14, 2, &v.minute) ||
      !digits(17, 2, &v.second) || v.hour > 23 || v.minute > 59 || v.second > 59) {
    return std::nullopt;
  }
  v.has_time = true;
  v.precision = DatePrecision::Second;
  std::size_t zone = 19;  // where the time zone starts, after the seconds and any fraction
  if (t[zone] == '.') {
    std::size_t end = zone + 1;
    while (end < t.size() && static_cast<unsigned>(static_cast<unsigned char>(t[end]) - '0') <= 9) ++end;
    if (end == zone + 1) return std::nullopt;
    v.precision = DatePrecision::Fraction;
    zone = end;
  }
  if (t.size() == zone + 1) {
    if (t[zone] != 'Z') return std::nullopt;
    v.has_timezone = true;
    return v;
  }
  int hh = 0, mm = 0;
  if (t.size() != zone + 6 || (t[zone] != '+' && t[zone] != '-') || t[zone + 3] != ':' || !digits(zone + 1, 2, &hh) ||
      !digits(zone + 4, 2, &mm) || mm > 59 || hh > 13) {
    return std::nullopt;
  }
  v.has_timezone = true;
  v.offset_minutes = (t[zone] == '-' ? -1 : 1) * (hh * 60 + mm);
  return v;
}

}  // namespace

std::optional<W3cDatetime> parse_w3c_datetime(std::string_view text, DatetimeError* error) {
  if (auto usual = parse_usual(text)) return usual;
  return parse_w3c_datetime_in_full(text, error);
}

std::optional<W3cDatetime> parse_w3c_datetime_in_full(std::string_view text, DatetimeError* error) {
  return Parser(text, error).parse();
}

std::int64_t to_unix_seconds(const W3cDatetime& v) {
  const std::int64_t days = days_from_civil(v.year, static_cast<unsigned>(v.month), static_cast<unsigned>(v.day));
  return days * 86400 + std::int64_t{v.hour} * 3600 + std::int64_t{v.minute} * 60 + v.second -
         std::int64_t{v.offset_minutes} * 60;
}

std::int64_t earliest_instant(const W3cDatetime& value) {
  return to_unix_seconds(value) - (value.has_time ? 0 : 14 * 3600);
}

std::int64_t latest_instant(const W3cDatetime& value) {
  return to_unix_seconds(value) + (value.has_time ? 0 : 36 * 3600);
}

std::string format_utc(std::int64_t unix_seconds) {
  std::int64_t days = unix_seconds / 86400, rest = unix_seconds % 86400;
  if (rest < 0) rest += 86400, --days;
  std::int64_t y = 0;
  unsigned m = 0, d = 0;
  civil_from_days(days, &y, &m, &d);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%04lld-%02u-%02uT%02d:%02d:%02dZ", static_cast<long long>(y), m, d,
                static_cast<int>(rest / 3600), static_cast<int>(rest / 60 % 60), static_cast<int>(rest % 60));
  return buffer;
}

}  // namespace sitemaplint
