#include "entry.h"

namespace sitemaplint {

std::string_view Field::trimmed() const {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto first = value.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  const auto last = value.find_last_not_of(kSpace);
  return value.substr(first, last - first + 1);
}

const Field& Entry::field(FieldId id) const {
  switch (id) {
    case FieldId::Loc: return loc;
    case FieldId::Lastmod: return lastmod;
    case FieldId::Changefreq: return changefreq;
    case FieldId::Priority: return priority;
    case FieldId::Unknown: break;
  }
  static const Field kAbsent;
  return kAbsent;
}

FieldId field_id(std::string_view local_name) {
  if (local_name == "loc") return FieldId::Loc;
  if (local_name == "lastmod") return FieldId::Lastmod;
  if (local_name == "changefreq") return FieldId::Changefreq;
  if (local_name == "priority") return FieldId::Priority;
  return FieldId::Unknown;
}

std::string_view field_name(FieldId id) {
  switch (id) {
    case FieldId::Loc: return "loc";
    case FieldId::Lastmod: return "lastmod";
    case FieldId::Changefreq: return "changefreq";
    case FieldId::Priority: return "priority";
    case FieldId::Unknown: break;
  }
  return "";
}

}  // namespace sitemaplint
