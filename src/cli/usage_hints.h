// Usage errors that help: an argument CLI11 did not expect becomes "unknown option '--formt'; did
// you mean '--format'?".
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sitemaplint {

// The message for the arguments left over after parsing (app.remaining()), with the closest
// option for a misspelt one.
std::string unexpected_arguments_message(const CLI::App& app, const CLI::ExtrasError& error);

}  // namespace sitemaplint
