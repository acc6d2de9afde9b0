// A command-line option as the manual and the shell completions describe it. The command line's
// own definitions (src/cli) fill these in, so neither can drift from what the parser accepts.
#pragma once

#include <string>
#include <vector>

namespace sitemaplint {

// What an option's value is, for completing it.
enum class ValueKind {
  None,  // a flag
  Text,  // anything: a number, a URL, a date (nothing to offer)
  File,  // a file name
  Directory,  // a directory name
  Rule,  // a rule code or name
  RuleLevel,  // RULE=LEVEL: a rule code or name, '=', then error, warning or info
  Choice,  // one of `choices`
};

struct OptionDoc {
  std::vector<std::string> names;  // "-f", "--format"
  std::string value_name;  // "FORMAT"; empty for a flag
  bool value_optional = false;  // --list-rules [FORMAT]
  bool repeatable = false;  // --select, --ignore: given again, it adds
  ValueKind kind = ValueKind::None;
  std::vector<std::string> choices;
  std::string default_value;  // "" when there is none to show
  std::string description;
};

}  // namespace sitemaplint
