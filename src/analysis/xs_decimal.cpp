#include "analysis/xs_decimal.h"

namespace sitemaplint {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::size_t count_digits(std::string_view text, std::size_t from) {
  std::size_t n = from;
  while (n < text.size() && is_digit(text[n])) ++n;
  return n - from;
}

// Magnitude comparison of two canonical digit strings (integer: no leading zeros).
int compare_integers(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  return a.compare(b) < 0 ? -1 : (a == b ? 0 : 1);
}

int compare_magnitude(const XsDecimal& a, const XsDecimal& b) {
  if (const int c = compare_integers(a.integer, b.integer); c != 0) return c;
  // Fractions without trailing zeros compare as strings: "125" < "5", "8" < "8001".
  const int c = a.fraction.compare(b.fraction);
  return c < 0 ? -1 : (c == 0 ? 0 : 1);
}

}  // namespace

std::optional<XsDecimal> parse_xs_decimal(std::string_view text) {
  XsDecimal value;
  std::size_t pos = 0;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) value.negative = text[pos++] == '-';
  const std::size_t int_len = count_digits(text, pos);
  std::string_view integer = text.substr(pos, int_len);
  pos += int_len;
  std::string_view fraction;
  if (pos < text.size() && text[pos] == '.') {
    ++pos;
    const std::size_t frac_len = count_digits(text, pos);
    fraction = text.substr(pos, frac_len);
    pos += frac_len;
    if (int_len == 0 && frac_len == 0) return std::nullopt;  // "." alone
  } else if (int_len == 0) {
    return std::nullopt;  // "", "+", "-", or no digits at all
  }
  if (pos != text.size()) return std::nullopt;
  while (!integer.empty() && integer.front() == '0') integer.remove_prefix(1);
  while (!fraction.empty() && fraction.back() == '0') fraction.remove_suffix(1);
  value.integer = integer;
  value.fraction = fraction;
  if (value.is_zero()) value.negative = false;
  return value;
}

int compare(const XsDecimal& a, const XsDecimal& b) {
  if (a.negative != b.negative) return a.negative ? -1 : 1;
  const int magnitude = compare_magnitude(a, b);
  return a.negative ? -magnitude : magnitude;
}

std::string canonical(const XsDecimal& value) {
  std::string out = value.negative ? "-" : "";
  out += value.integer.empty() ? std::string_view("0") : value.integer;
  if (!value.fraction.empty()) out.append(".").append(value.fraction);
  return out;
}

}  // namespace sitemaplint
