// Shell completion scripts for bash, zsh and fish, generated from the command line's option
// definitions and the rule table, so they offer exactly what the parser accepts. The build writes
// them and `cmake --install` installs each where its shell looks.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

#include "docs/option_doc.h"

namespace sitemaplint {

inline constexpr std::string_view kCompletionShells[] = {"bash", "zsh", "fish"};

// `shell`: one of kCompletionShells.
void write_completion(std::string_view shell, std::span<const OptionDoc> options, std::ostream& out);

}  // namespace sitemaplint
