// Value checks for the command line that say what they expected, and remember what the manual
// and the shell completions need to know about each option's value.
#pragma once

#include <CLI/CLI.hpp>
#include <map>
#include <string>
#include <vector>

#include "docs/option_doc.h"

namespace sitemaplint {

class OptionChecks {
 public:
  // A whole number in [lo, hi]: "--jobs: expected a whole number from 1 to 1024, got 'x'".
  CLI::Option* whole_number(CLI::Option* option, long long lo, long long hi);
  // A number of seconds in [lo, hi].
  CLI::Option* seconds(CLI::Option* option, double lo, double hi);
  // A number in [lo, hi] (not necessarily whole), `what` naming it in the message: "requests a second".
  CLI::Option* number(CLI::Option* option, double lo, double hi, std::string what);
  // One of `choices`, with a hint when the value is close to one.
  CLI::Option* one_of(CLI::Option* option, std::vector<std::string> choices);
  // Values completions offer for an option whose own check says more than one_of would (--profile:
  // an unknown name is told the profiles and what each is).
  CLI::Option* offers(CLI::Option* option, std::vector<std::string> choices);
  // What the option's value is for completions, when its value name does not say (see kind_of).
  CLI::Option* completes(CLI::Option* option, ValueKind kind);

  // Every named option of `app` (visible or hidden by `include_hidden`), in definition order.
  std::vector<OptionDoc> describe(const CLI::App& app, bool include_hidden = false) const;

 private:
  std::map<const CLI::Option*, std::vector<std::string>> choices_;
  std::map<const CLI::Option*, ValueKind> kinds_;
};

}  // namespace sitemaplint
