// Usage errors that help: an argument CLI11 did not expect becomes "unknown option '--formt'; did
// you mean '--format'?".
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sitemaplint {

// The message for the arguments left over after parsing (app.remaining()), with the closest
// option for a misspelt one.
std::string unexpected_arguments_message(const CLI::App& app, const CLI::ExtrasError& error);

// The message for any other parse error: CLI11's, except where its words are its own ("--sample:
// At Most 1 required but received 2" says the option was given twice).
std::string parse_error_message(const CLI::ParseError& error);

}  // namespace sitemaplint
