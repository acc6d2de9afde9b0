// Value checks for the command line that say what they expected.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sitemaplint {

class OptionChecks {
 public:
  // A whole number in [lo, hi]: "--jobs: expected a whole number from 1 to 1024, got 'x'".
  CLI::Option* whole_number(CLI::Option* option, long long lo, long long hi);
  // A number of seconds in [lo, hi].
  CLI::Option* seconds(CLI::Option* option, double lo, double hi);
  // One of `choices`, with a hint when the value is close to one.
  CLI::Option* one_of(CLI::Option* option, std::vector<std::string> choices);
};

}  // namespace sitemaplint
