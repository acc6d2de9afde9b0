#include "rules/video/utils/video_support.h"

#include <algorithm>
#include <limits>

#include "analysis/ascii.h"

#include "rules/video/utils/video_schema.h"

namespace sitemaplint::video {

bool is_whole_number(std::string_view text) {
  if (text.starts_with('+')) text.remove_prefix(1);
  return !text.empty() && std::all_of(text.begin(), text.end(), is_ascii_digit);
}

std::uint64_t whole_number_value(std::string_view text) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t value = 0;
  for (char c : text) {
    if (!is_ascii_digit(c)) continue;  // the sign
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (kMax - digit) / 10) return kMax;
    value = value * 10 + digit;
  }
  return value;
}

bool is_yes_no(std::string_view text) {
  for (std::string_view allowed : {"yes", "Yes", "YES", "no", "No", "NO"}) {
    if (text == allowed) return true;
  }
  return false;
}

const Attribute* prefixed_attribute(const ExtensionNode& node, std::string_view name) {
  for (const Attribute& a : node.attributes) {
    if (a.local_name == name && !a.ns.empty()) return &a;
  }
  return nullptr;
}

}  // namespace sitemaplint::video
