// The IANA Language Subtag Registry (RFC 5646 section 3), embedded as a table generated from the
// registry file by subtag_registry.sh: two-letter languages, scripts, regions and variants, with
// whether each is deprecated and what it is to be replaced by. ICU's data is older than the
// registry's newest subtags; this table is as current as its File-Date.
#pragma once

#include <span>
#include <string_view>

namespace sitemaplint {

enum class SubtagType { Language, Script, Region, Variant };

struct RegistrySubtag {
  SubtagType type;
  std::string_view subtag;  // as the registry writes it: "he", "Latn", "GB", "419", "1901"
  bool deprecated;
  std::string_view preferred;  // its Preferred-Value, or empty
};

// The registry's File-Date ("2025-08-25").
std::string_view subtag_registry_file_date();

// Every subtag of the table, by type, then by subtag (bytewise).
std::span<const RegistrySubtag> registry_subtags();

// The subtag of `type` written `code` (in any case), or nullptr when the registry has none.
const RegistrySubtag* find_registry_subtag(SubtagType type, std::string_view code);

}  // namespace sitemaplint
