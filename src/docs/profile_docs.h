// Profiles as users see them: --list-profiles, the profile table of docs/profiles.md, and the line
// of --explain that says what each profile does with a rule.
#pragma once

#include <ostream>
#include <string>

#include "rule.h"

namespace sitemaplint {

// Each profile: its name, summary, and the rules it turns off, up and down.
void write_profile_list_text(std::ostream& out);
// The Markdown table of each profile's level for each rule: --list-profiles markdown, and the end of
// docs/profiles.md.
std::string profile_table_markdown();
// "default warning, google warning, xsd off, protocol off, bing off, strict error".
std::string profile_levels(const RuleInfo& rule);

}  // namespace sitemaplint
