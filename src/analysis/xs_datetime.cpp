#include "analysis/xs_datetime.h"

#include <cstddef>

#include "analysis/w3c_datetime.h"

namespace sitemaplint {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Reads exactly `count` digits at t[*i] into *value.
bool digits(std::string_view t, std::size_t* i, std::size_t count, int* value) {
  if (t.size() < *i + count) return false;
  *value = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const char c = t[*i + k];
    if (!is_digit(c)) return false;
    *value = *value * 10 + (c - '0');
  }
  *i += count;
  return true;
}

bool expect(std::string_view t, std::size_t* i, char c) {
  if (*i >= t.size() || t[*i] != c) return false;
  ++*i;
  return true;
}

// '-'? yyyy '-' mm '-' dd: at least four year digits, no leading zero beyond four, no year 0000.
bool date_part(std::string_view t, std::size_t* i) {
  if (*i < t.size() && t[*i] == '-') ++*i;
  const std::size_t year_start = *i;
  while (*i < t.size() && is_digit(t[*i])) ++*i;
  const std::size_t year_digits = *i - year_start;
  if (year_digits < 4 || (year_digits > 4 && t[year_start] == '0')) return false;
  // The calendar repeats every 400 years, so a year of any length is kept as its remainder.
  int year_mod_400 = 0;
  bool zero = true;
  for (std::size_t k = year_start; k < *i; ++k) {
    year_mod_400 = (year_mod_400 * 10 + (t[k] - '0')) % 400;
    zero = zero && t[k] == '0';
  }
  if (zero) return false;
  int month = 0, day = 0;
  if (!expect(t, i, '-') || !digits(t, i, 2, &month) || !expect(t, i, '-') || !digits(t, i, 2, &day)) return false;
  const int calendar_year = year_mod_400 == 0 ? 400 : year_mod_400;
  return month >= 1 && month <= 12 && day >= 1 && day <= days_in_month(calendar_year, month);
}

// hh ':' mm ':' ss ('.' s+)?: hours 00 to 23, or 24:00:00 with a zero fraction (the day's end).
bool time_part(std::string_view t, std::size_t* i) {
  int hour = 0, minute = 0, second = 0;
  if (!digits(t, i, 2, &hour) || !expect(t, i, ':') || !digits(t, i, 2, &minute) || !expect(t, i, ':') ||
      !digits(t, i, 2, &second)) {
    return false;
  }
  bool fraction_zero = true;
  if (*i < t.size() && t[*i] == '.') {
    const std::size_t start = ++*i;
    for (; *i < t.size() && is_digit(t[*i]); ++*i) {
      if (t[*i] != '0') fraction_zero = false;
    }
    if (*i == start) return false;
  }
  if (hour == 24) return minute == 0 && second == 0 && fraction_zero;
  return hour <= 23 && minute <= 59 && second <= 59;
}

// ('Z' | ('+' | '-') hh ':' mm)?, within 14:00.
bool zone_part(std::string_view t, std::size_t* i) {
  if (*i == t.size()) return true;
  if (t[*i] == 'Z') return ++*i == t.size();
  if (t[*i] != '+' && t[*i] != '-') return false;
  ++*i;
  int hours = 0, minutes = 0;
  if (!digits(t, i, 2, &hours) || !expect(t, i, ':') || !digits(t, i, 2, &minutes) || *i != t.size()) return false;
  return minutes <= 59 && (hours < 14 || (hours == 14 && minutes == 0));
}

}  // namespace

bool is_xs_date_or_datetime(std::string_view text) {
  std::size_t i = 0;
  if (!date_part(text, &i)) return false;
  if (i < text.size() && text[i] == 'T') {
    ++i;
    if (!time_part(text, &i)) return false;
  }
  return zone_part(text, &i);
}

}  // namespace sitemaplint
