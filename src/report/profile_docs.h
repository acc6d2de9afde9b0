// Profiles as users see them: --list-profiles, the README's profile table, and the line of
// --explain that says what each profile does with a rule.
#pragma once

#include <ostream>
#include <string>

#include "rule.h"

namespace sitemaplint {

// Each profile: its name, summary, and the rules it turns off, up and down.
void write_profile_list_text(std::ostream& out);
// The Markdown in README.md between the "profiles:begin" and "profiles:end" markers.
std::string profile_table_markdown();
// "default warning, google warning, xsd off, protocol off, bing off, strict error".
std::string profile_levels(const RuleInfo& rule);

}  // namespace sitemaplint
