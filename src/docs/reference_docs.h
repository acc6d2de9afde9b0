// The reference pages of docs/: docs/rules.md, every rule's own documentation grouped by family,
// and docs/profiles.md, what each profile does with each rule. Both are generated from the
// metadata the program uses (sitemaplint --generate-docs rules|profiles), and a test keeps the
// checked-in pages equal to them.
#pragma once

#include <array>
#include <ostream>
#include <string>
#include <string_view>

namespace sitemaplint {

// The pages --generate-docs writes, by the name it takes.
inline constexpr std::array<std::string_view, 2> kReferencePages = {"rules", "profiles"};

// docs/rules.md: families, authorities, an index of every rule, then each rule's section.
std::string rules_reference_markdown();
// docs/profiles.md: what profiles are, then the table of each profile's level for each rule.
std::string profiles_reference_markdown();
// The page named `page` (one of kReferencePages).
void write_reference_page(std::string_view page, std::ostream& out);

}  // namespace sitemaplint
