#include "live/http_date.h"

#include <array>

#include "analysis/ascii.h"
#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

constexpr std::array<std::string_view, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// Days from 1970-01-01 to the date (proleptic Gregorian), Howard Hinnant's days_from_civil.
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

// Reads what the parts say, left to right, and fails at the first byte that does not fit.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}
  bool number(int digits, int* out) {
    int value = 0;
    for (int i = 0; i < digits; ++i) {
      if (at_ >= text_.size() || !is_ascii_digit(text_[at_])) return false;
      value = value * 10 + (text_[at_++] - '0');
    }
    *out = value;
    return true;
  }
  bool literal(std::string_view expected) {
    if (text_.substr(at_, expected.size()) != expected) return false;
    at_ += expected.size();
    return true;
  }
  bool month(int* out) {
    if (at_ >= text_.size()) return false;
    for (std::size_t m = 0; m < kMonths.size(); ++m) {
      if (kMonths[m][0] == text_[at_] && literal(kMonths[m])) {
        *out = static_cast<int>(m) + 1;
        return true;
      }
    }
    return false;
  }
  bool letters() {  // a day name, whose value the date does not need
    const std::size_t start = at_;
    while (at_ < text_.size() && is_ascii_alpha(text_[at_])) ++at_;
    return at_ > start;
  }
  bool time(int* h, int* m, int* s) {
    return number(2, h) && literal(":") && number(2, m) && literal(":") && number(2, s);
  }
  bool done() const { return at_ == text_.size(); }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
};

std::optional<std::int64_t> seconds_of(int year, int month, int day, int h, int m, int s) {
  static constexpr std::array<int, 12> kDays = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12 || day < 1) return std::nullopt;
  if (day > kDays[static_cast<std::size_t>(month - 1)] + (month == 2 && leap(year) ? 1 : 0)) return std::nullopt;
  if (h > 23 || m > 59 || s > 60) return std::nullopt;  // 60: a leap second, as RFC 9110 allows
  return days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 86400 + h * 3600 + m * 60 +
         s;
}

}  // namespace

std::optional<std::int64_t> parse_http_date(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  int year = 0, month = 0, day = 0, h = 0, m = 0, s = 0;
  {  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
    Reader r(text);
    if (r.letters() && r.literal(", ") && r.number(2, &day) && r.literal(" ") && r.month(&month) && r.literal(" ") &&
        r.number(4, &year) && r.literal(" ") && r.time(&h, &m, &s) && r.literal(" GMT") && r.done())
      return seconds_of(year, month, day, h, m, s);
  }
  {  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT; a two-digit year more than 50 years ahead is in
    // the past century (RFC 9110 section 5.6.7).
    Reader r(text);
    if (r.letters() && r.literal(", ") && r.number(2, &day) && r.literal("-") && r.month(&month) && r.literal("-") &&
        r.number(2, &year) && r.literal(" ") && r.time(&h, &m, &s) && r.literal(" GMT") && r.done())
      return seconds_of(year < 70 ? 2000 + year : 1900 + year, month, day, h, m, s);
  }
  {  // asctime: Sun Nov  6 08:49:37 1994
    Reader r(text);
    if (r.letters() && r.literal(" ") && r.month(&month) && r.literal(" ")) {
      const bool padded = r.literal(" ");
      if ((padded ? r.number(1, &day) : r.number(2, &day)) && r.literal(" ") && r.time(&h, &m, &s) && r.literal(" ") &&
          r.number(4, &year) && r.done())
        return seconds_of(year, month, day, h, m, s);
    }
  }
  return std::nullopt;
}

std::optional<std::int64_t> parse_unavailable_after(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.back() == ' ')) {
    if (text.front() == ' ') text.remove_prefix(1);
    if (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  }
  DatetimeError error;
  if (const std::optional<W3cDatetime> w3c = parse_w3c_datetime(text, &error)) {
    const std::int64_t days =
        days_from_civil(w3c->year, static_cast<unsigned>(w3c->month), static_cast<unsigned>(w3c->day));
    return days * 86400 + w3c->hour * 3600 + w3c->minute * 60 + w3c->second - w3c->offset_minutes * 60;
  }
  if (const std::optional<std::int64_t> gmt = parse_http_date(text)) return gmt;
  // A zone other than GMT: read as GMT, then moved by the zone's offset.
  static constexpr std::array<std::pair<std::string_view, int>, 10> kZones = {{{"UTC", 0},
                                                                               {"UT", 0},
                                                                               {"EST", -5},
                                                                               {"EDT", -4},
                                                                               {"CST", -6},
                                                                               {"CDT", -5},
                                                                               {"MST", -7},
                                                                               {"MDT", -6},
                                                                               {"PST", -8},
                                                                               {"PDT", -7}}};
  for (const auto& [zone, hours] : kZones) {
    if (text.size() > zone.size() && text.ends_with(zone) && text[text.size() - zone.size() - 1] == ' ') {
      const std::string as_gmt = std::string(text.substr(0, text.size() - zone.size())) + "GMT";
      if (const std::optional<std::int64_t> at = parse_http_date(as_gmt)) return *at - hours * 3600;
    }
  }
  return std::nullopt;
}

}  // namespace sitemaplint
