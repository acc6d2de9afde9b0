#include "live/http_date.h"

#include <array>
#include <string>
#include <vector>

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

// The zone at the end of an RFC 822 date, in minutes east of GMT: GMT, UT, UTC, Z, the North
// American zones RFC 822 names, or +hhmm / -hhmm (+hh:mm too).
std::optional<int> zone_minutes(std::string_view zone) {
  static constexpr std::array<std::pair<std::string_view, int>, 12> kZones = {{{"GMT", 0},
                                                                               {"UT", 0},
                                                                               {"UTC", 0},
                                                                               {"Z", 0},
                                                                               {"EST", -5},
                                                                               {"EDT", -4},
                                                                               {"CST", -6},
                                                                               {"CDT", -5},
                                                                               {"MST", -7},
                                                                               {"MDT", -6},
                                                                               {"PST", -8},
                                                                               {"PDT", -7}}};
  for (const auto& [name, hours] : kZones) {
    if (ascii_equal_ignoring_case(zone, name)) return hours * 60;
  }
  std::string digits(zone.size() > 1 ? zone.substr(1) : std::string_view());
  if (digits.size() == 5 && digits[2] == ':') digits.erase(2, 1);
  if ((zone.front() != '+' && zone.front() != '-') || digits.size() != 4 ||
      digits.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  const int minutes = ((digits[0] - '0') * 10 + (digits[1] - '0')) * 60 + (digits[2] - '0') * 10 + (digits[3] - '0');
  return zone.front() == '-' ? -minutes : minutes;
}

// An RFC 822 or RFC 850 date as people write them: the weekday optional ("Sunday, " or "Sun, "),
// the day of one or two digits, the parts of the date apart by spaces or hyphens, a year of two or
// four digits, seconds optional, and a zone (GMT when there is none). Seconds since 1970.
std::optional<std::int64_t> parse_written_date(std::string_view text) {
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find_first_of(" -,", at);
    if (end != at) words.push_back(text.substr(at, end - at));
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  // A leading "-hhmm" zone was split at its sign: put it back.
  if (!words.empty() && text.size() > words.back().size() &&
      words.back().find_first_not_of("0123456789:") == std::string_view::npos &&
      text[text.size() - words.back().size() - 1] == '-' && words.back().size() >= 4) {
    words.back() = text.substr(text.size() - words.back().size() - 1);
  }
  std::size_t i = 0;
  if (i < words.size() && is_ascii_alpha(words[i].front())) ++i;  // the weekday, not checked
  if (words.size() < i + 4) return std::nullopt;
  int day = 0, month = 0, year = 0, h = 0, m = 0, sec = 0;
  const auto number = [](std::string_view w, int* out) {
    if (w.empty() || w.size() > 4 || w.find_first_not_of("0123456789") != std::string_view::npos) return false;
    *out = 0;
    for (char c : w) *out = *out * 10 + (c - '0');
    return true;
  };
  if (!number(words[i], &day) || words[i].size() > 2) return std::nullopt;
  for (std::size_t k = 0; k < kMonths.size() && !month; ++k) {
    if (ascii_equal_ignoring_case(words[i + 1].substr(0, 3), kMonths[k]) && words[i + 1].size() >= 3)
      month = static_cast<int>(k) + 1;
  }
  if (!month || !number(words[i + 2], &year) || (words[i + 2].size() != 2 && words[i + 2].size() != 4))
    return std::nullopt;
  if (words[i + 2].size() == 2) year += year < 70 ? 2000 : 1900;
  Reader clock(words[i + 3]);
  if (!(clock.number(2, &h) && clock.literal(":") && clock.number(2, &m) &&
        (clock.done() || (clock.literal(":") && clock.number(2, &sec) && clock.done()))))
    return std::nullopt;
  int zone = 0;
  if (words.size() == i + 5) {
    const std::optional<int> minutes = zone_minutes(words[i + 4]);
    if (!minutes) return std::nullopt;
    zone = *minutes;
  } else if (words.size() != i + 4) {
    return std::nullopt;
  }
  const std::optional<std::int64_t> at = seconds_of(year, month, day, h, m, sec);
  if (!at) return std::nullopt;
  return *at - zone * 60;
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
  return parse_written_date(text);
  return std::nullopt;
}

}  // namespace sitemaplint
