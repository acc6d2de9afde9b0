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

CLI::Option* OptionChecks::number(CLI::Option* option, double lo, double hi, std::string what) {
  const std::string expected = "expected a number of " + what + " from " + number_text(lo) + " to " + number_text(hi);
  return option->check(CLI::Validator(
      [lo, hi, expected](std::string& value) {
        double n = 0;
        if (parse_number(value, &n) && n >= lo && n <= hi) return std::string();
        return expected + ", got " + sitemaplint::quoted(value);
      },
      "", "number"));
}

CLI::Option* OptionChecks::one_of(CLI::Option* option, std::vector<std::string> choices) {
  choices_[option] = choices;
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

CLI::Option* OptionChecks::offers(CLI::Option* option, std::vector<std::string> choices) {
  choices_[option] = std::move(choices);
  return option;
}

CLI::Option* OptionChecks::completes(CLI::Option* option, ValueKind kind) {
  kinds_[option] = kind;
  return option;
}

std::vector<OptionDoc> OptionChecks::describe(const CLI::App& app, bool include_hidden) const {
  std::vector<OptionDoc> out;
  for (const CLI::Option* option : app.get_options()) {
    if (!option->nonpositional()) continue;
    if (option->get_group().empty() && !include_hidden) continue;
    OptionDoc doc;
    for (const std::string& name : option->get_snames()) doc.names.push_back("-" + name);
    for (const std::string& name : option->get_lnames()) doc.names.push_back("--" + name);
    doc.description = option->get_description();
    // A flag takes no value (CLI11 gives it a type size, for --flag=false): only an option that
    // expects one has a value to complete.
    if (option->get_type_size_max() > 0 && option->get_expected_max() > 0) {
      // The type name is followed by each check's description ("FORMAT:{human,json}").
      doc.value_name = option->get_type_name().substr(0, option->get_type_name().find(':'));
      doc.value_optional = option->get_expected_min() == 0;
      doc.repeatable = option->get_items_expected_max() > 1;
      doc.default_value = option->get_default_str();
      doc.kind = doc.value_name == "FILE"         ? ValueKind::File
                 : doc.value_name == "DIR"        ? ValueKind::Directory
                 : doc.value_name == "RULE"       ? ValueKind::Rule
                 : doc.value_name == "RULE=LEVEL" ? ValueKind::RuleLevel
                                                  : ValueKind::Text;
    }
    if (const auto it = kinds_.find(option); it != kinds_.end()) doc.kind = it->second;
    if (const auto it = choices_.find(option); it != choices_.end()) {
      doc.kind = ValueKind::Choice;
      doc.choices = it->second;
    }
    out.push_back(std::move(doc));
  }
  return out;
}

}  // namespace sitemaplint
