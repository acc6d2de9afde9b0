// The man page, generated from the command line's option definitions, the config keys and the
// rule metadata so it never drifts from any of them; `cmake --install` installs it as
// sitemaplint(1).
#pragma once

#include <ostream>
#include <span>

#include "docs/option_doc.h"

namespace sitemaplint {

void write_man_page(std::span<const OptionDoc> options, std::ostream& out);

}  // namespace sitemaplint
