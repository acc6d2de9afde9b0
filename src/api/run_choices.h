// What a run is given, read the same way for the command line (src/cli) and the library
// (include/sitemaplint): the words of its profile, rule choices, time and base URL, how it
// fetches, and which findings it leaves out. Errors name the command line's options
// ("--now: ..."); the library renames them after its settings (setting_message).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "config/resolve.h"
#include "load/fetch.h"
#include "run/lint.h"
#include "severity.h"

namespace sitemaplint {

struct ChoiceWords {
  std::string profile;  // "": none
  std::vector<std::string> select, ignore;  // each item may hold several, comma-separated
  std::vector<std::string> severities;  // RULE=LEVEL
  std::string now;  // a W3C datetime; "": the clock
  std::string base_url;
};

// The words resolved: false with *error when one is wrong.
bool resolve_choices(const ChoiceWords& words, CommandLineChoices* out, std::string* error);

// "a,b", "c" -> "a", "b", "c" (empty items dropped).
std::vector<std::string> split_commas(const std::vector<std::string>& words);

// How a run fetches: `timeout_seconds` per URL, only `allowed_hosts` when given. The hosts of
// the URLs among `inputs` (the user named them) may serve internal addresses; a host a fetched
// document names may not.
FetchOptions run_fetch_options(double timeout_seconds, const std::vector<std::string>& allowed_hosts,
                               const std::vector<std::string>& inputs);

// --min-severity: findings below it are left out of everything that follows (report, baseline,
// exit code), as if their rules had not run. Returns how many were left out.
std::size_t leave_out_below(Severity min_severity, std::vector<FileReport>* reports);

// A message of resolve_choices or of a config file with the command line's option names
// ("--base-url: ...") given the library's setting names instead ("base_url: ...").
std::string setting_message(std::string message);

}  // namespace sitemaplint
