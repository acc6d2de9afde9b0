#include "analysis/subtag_registry.h"

#include <algorithm>
#include <string>

#include "analysis/ascii.h"

namespace sitemaplint {
namespace {

#include "analysis/subtag_registry.inc"

// `code` in the registry's case for its type: languages lower, scripts title, regions upper,
// variants lower.
std::string registry_case(SubtagType type, std::string_view code) {
  std::string out = type == SubtagType::Region ? ascii_uppered(code) : ascii_lowered(code);
  if (type == SubtagType::Script && !out.empty()) out[0] = ascii_upper(out[0]);
  return out;
}

}  // namespace

std::string_view subtag_registry_file_date() { return kSubtagRegistryFileDate; }

std::span<const RegistrySubtag> registry_subtags() { return kRegistrySubtags; }

const RegistrySubtag* find_registry_subtag(SubtagType type, std::string_view code) {
  const std::string key = registry_case(type, code);
  const auto before = [](const RegistrySubtag& entry, const std::pair<SubtagType, std::string_view>& wanted) {
    return entry.type != wanted.first ? entry.type < wanted.first : entry.subtag < wanted.second;
  };
  const std::pair<SubtagType, std::string_view> wanted{type, key};
  const auto* const end = std::end(kRegistrySubtags);
  const auto* found = std::lower_bound(std::begin(kRegistrySubtags), end, wanted, before);
  return found != end && found->type == type && found->subtag == key ? found : nullptr;
}

}  // namespace sitemaplint
