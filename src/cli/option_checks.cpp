#include "cli/option_checks.h"

#include <charconv>
#include <sstream>

#include "analysis/edit_distance.h"
#include "analysis/message_text.h"

namespace sitemaplint {
namespace {

std::string number_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

template <typename Number>
bool parse_number(const std::string& text, Number* out) {
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, *out);
  return error == std::errc() && stop == end;
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : ", ") + word;
  return out;
}

}  // namespace

CLI::Option* OptionChecks::whole_number(CLI::Option* option, long long lo, long long hi) {
  const std::string expected = "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  return option->check(CLI::Validator(
      [lo, hi, expected](std::string& value) {
        long long n = 0;
        if (parse_number(value, &n) && n >= lo && n <= hi) return std::string();
        return expected + ", got " + sitemaplint::quoted(value);
      },
      "", "whole number"));
}

CLI::Option* OptionChecks::seconds(CLI::Option* option, double lo, double hi) {
  const std::string expected = "expected a number of seconds from " + number_text(lo) + " to " + number_text(hi);
  return option->check(CLI::Validator(
      [lo, hi, expected](std::string& value) {
        double n = 0;
        if (parse_number(value, &n) && n >= lo && n <= hi) return std::string();
        return expected + ", got " + sitemaplint::quoted(value);
      },
      "", "seconds"));
}

CLI::Option* OptionChecks::one_of(CLI::Option* option, std::vector<std::string> choices) {
  std::string description = "{";
  for (const std::string& choice : choices) description += (description.size() > 1 ? "," : "") + choice;
  description += "}";
  return option->check(CLI::Validator(
      [choices](std::string& value) {
        for (const std::string& choice : choices) {
          if (value == choice) return std::string();
        }
        std::vector<std::string_view> candidates(choices.begin(), choices.end());
        return "expected one of " + join(choices) + ", got " + sitemaplint::quoted(value) +
               did_you_mean(closest_word(value, candidates));
      },
      description, "one of"));
}

}  // namespace sitemaplint
