#include "cli/usage_hints.h"

#include <regex>
#include <vector>

#include "analysis/edit_distance.h"
#include "analysis/message_text.h"

namespace sitemaplint {

std::string unexpected_arguments_message(const CLI::App& app, const CLI::ExtrasError& error) {
  // Every long name an option answers to, hidden ones left out: they are for the build, not for
  // users. A one-letter option is too short to be misspelt: "-x" gets no guess.
  std::vector<std::string> names;
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_group().empty()) continue;
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
  }
  const std::vector<std::string_view> candidates(names.begin(), names.end());
  for (const std::string& argument : app.remaining()) {
    if (argument.size() < 2 || argument[0] != '-') continue;
    // "--formt=json" misspells "--formt"; "-format" misses a dash.
    const std::string name = argument.substr(0, argument.find('='));
    const std::string_view hint = name.size() > 2 ? closest_word(name, candidates) : std::string_view();
    return "unknown option " + sitemaplint::quoted(name) + did_you_mean(hint);
  }
  return error.what();
}

std::string parse_error_message(const CLI::ParseError& error) {
  static const std::regex kAtMostOne("^(-[-A-Za-z0-9]+): At Most 1 required but received ([0-9]+)$");
  const std::string said = error.what();
  std::smatch m;
  if (std::regex_match(said, m, kAtMostOne))
    return m[1].str() + ": given " + m[2].str() + " times; it takes one value, so give it once";
  return said;
}

}  // namespace sitemaplint
