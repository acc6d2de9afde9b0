// Rule and family identity, from the one list in rules/rules.def: an enumerator per rule (in the
// list's order) that the program uses instead of looking codes up by string.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sitemaplint {

enum class RuleId : std::uint16_t {
#define SITEMAPLINT_RULE(family, code, id) id,
#include "rules/rules.def"
};

enum class FamilyId : std::uint8_t {
#define SITEMAPLINT_FAMILY(id, prefix, summary) id,
#include "rules/rules.def"
};

inline constexpr std::size_t kRuleCount = 0
#define SITEMAPLINT_RULE(family, code, id) +1
#include "rules/rules.def"
    ;

inline constexpr std::size_t kFamilyCount = 0
#define SITEMAPLINT_FAMILY(id, prefix, summary) +1
#include "rules/rules.def"
    ;

constexpr std::size_t index_of(RuleId id) { return static_cast<std::size_t>(id); }

}  // namespace sitemaplint
