// The man page, generated from the command-line help and the rule metadata so it never drifts
// from either; `cmake --install` installs it as sitemaplint(1).
#pragma once

#include <ostream>
#include <string>

namespace sitemaplint {

void write_man_page(const std::string& help_text, std::ostream& out);

}  // namespace sitemaplint
