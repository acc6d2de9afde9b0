#include "w3c_datetime.h"

#include <cctype>

namespace sitemaplint {
namespace {

class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}
  bool at_end() const { return pos_ >= text_.size(); }
  std::size_t pos() const { return pos_; }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  bool take(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  // Exactly `n` digits.
  std::optional<int> digits(std::size_t n) {
    if (pos_ + n > text_.size()) return std::nullopt;
    int value = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const char c = text_[pos_ + i];
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      value = value * 10 + (c - '0');
    }
    pos_ += n;
    return value;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

bool fail(DatetimeError* error, std::size_t pos, std::string message) {
  error->position = pos;
  error->message = std::move(message);
  return false;
}

bool parse_timezone(Cursor& c, W3cDatetime& v, DatetimeError* error) {
  if (c.at_end()) {
    v.has_timezone = false;
    return true;
  }
  if (c.take('Z')) {
    v.has_timezone = true;
    return true;
  }
  const std::size_t start = c.pos();
  const char sign = c.peek();
  if (sign != '+' && sign != '-') {
    return fail(error, start, "expected a time zone ('Z' or '+hh:mm') after the time");
  }
  c.take(sign);
  const auto hh = c.digits(2);
  if (!hh || !c.take(':')) return fail(error, start, "time zone must be written '+hh:mm' or '-hh:mm'");
  const auto mm = c.digits(2);
  if (!mm) return fail(error, start, "time zone must be written '+hh:mm' or '-hh:mm'");
  if (*hh > 14 || *mm > 59 || (*hh == 14 && *mm != 0)) {
    return fail(error, start, "time zone offset is out of range (-14:00 to +14:00)");
  }
  v.has_timezone = true;
  v.offset_minutes = (sign == '-' ? -1 : 1) * (*hh * 60 + *mm);
  return true;
}

bool parse_time(Cursor& c, W3cDatetime& v, DatetimeError* error) {
  const std::size_t start = c.pos();
  const auto hour = c.digits(2);
  if (!hour || !c.take(':')) return fail(error, start, "expected the time as hh:mm after 'T'");
  const auto minute = c.digits(2);
  if (!minute) return fail(error, start, "expected the time as hh:mm after 'T'");
  v.has_time = true;
  v.hour = *hour;
  v.minute = *minute;
  v.precision = DatePrecision::Minute;
  if (c.take(':')) {
    const auto second = c.digits(2);
    if (!second) return fail(error, c.pos(), "expected two digits of seconds");
    v.second = *second;
    v.precision = DatePrecision::Second;
    if (c.take('.')) {
      if (!std::isdigit(static_cast<unsigned char>(c.peek()))) {
        return fail(error, c.pos(), "expected digits after the decimal point");
      }
      while (std::isdigit(static_cast<unsigned char>(c.peek()))) c.take(c.peek());
      v.precision = DatePrecision::Fraction;
    }
  }
  const bool midnight_24 = v.hour == 24 && v.minute == 0 && v.second == 0;
  if ((v.hour > 23 && !midnight_24) || v.minute > 59 || v.second > 59) {
    return fail(error, start, "time " + std::to_string(v.hour) + ":" + (v.minute < 10 ? "0" : "") +
                                  std::to_string(v.minute) + " is not a valid time of day");
  }
  return parse_timezone(c, v, error);
}

}  // namespace

int days_in_month(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2) {
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return leap ? 29 : 28;
  }
  return kDays[month - 1];
}

std::optional<W3cDatetime> parse_w3c_datetime(std::string_view text, DatetimeError* error) {
  Cursor c(text);
  W3cDatetime v;
  const auto year = c.digits(4);
  if (!year) {
    fail(error, 0, "expected a W3C Datetime such as 2024-05-31 or 2024-05-31T14:30:00+00:00");
    return std::nullopt;
  }
  v.year = *year;
  v.precision = DatePrecision::Year;
  if (c.take('-')) {
    const std::size_t month_at = c.pos();
    const auto month = c.digits(2);
    if (!month) { fail(error, month_at, "expected a two-digit month after the year"); return std::nullopt; }
    if (*month < 1 || *month > 12) {
      fail(error, month_at, "month " + std::to_string(*month) + " does not exist");
      return std::nullopt;
    }
    v.month = *month;
    v.precision = DatePrecision::Month;
    if (c.take('-')) {
      const std::size_t day_at = c.pos();
      const auto day = c.digits(2);
      if (!day) { fail(error, day_at, "expected a two-digit day after the month"); return std::nullopt; }
      if (*day < 1 || *day > days_in_month(v.year, v.month)) {
        fail(error, day_at, std::string(text.substr(0, 10)) + " is not a calendar date");
        return std::nullopt;
      }
      v.day = *day;
      v.precision = DatePrecision::Day;
      if (c.take('T')) {
        if (!parse_time(c, v, error)) return std::nullopt;
      } else if (c.peek() == ' ' || c.peek() == 't') {
        fail(error, c.pos(), "date and time must be separated by an upper-case 'T'");
        return std::nullopt;
      }
    }
  }
  if (!c.at_end()) {
    fail(error, c.pos(), "unexpected text '" + std::string(text.substr(c.pos(), 20)) + "' in the date");
    return std::nullopt;
  }
  return v;
}

std::int64_t to_unix_seconds(const W3cDatetime& v) {
  // Days from civil (Howard Hinnant's algorithm).
  const int y = v.year - (v.month <= 2 ? 1 : 0);
  const int era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned mp = static_cast<unsigned>((v.month + 9) % 12);
  const unsigned doy = (153 * mp + 2) / 5 + static_cast<unsigned>(v.day) - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const std::int64_t days = static_cast<std::int64_t>(era) * 146097 + static_cast<std::int64_t>(doe) - 719468;
  return days * 86400 + v.hour * 3600 + v.minute * 60 + v.second -
         static_cast<std::int64_t>(v.offset_minutes) * 60;
}

}  // namespace sitemaplint
