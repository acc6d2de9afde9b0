// What the video rules share beyond the schema and the extension kit (family_rules.h,
// extension_support.h): the small value checks several of them make (whole numbers, yes/no, token lists, lengths).
// In a namespace of its own: the image, news and hreflang families grow helpers of their own.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/extension/extension_support.h"
#include "rules/rule_support.h"
#include "rules/video/utils/video_schema.h"

namespace sitemaplint::video {

// Calls fn(node) for each child of the block's <video:video> named `name` (in the video namespace).
template <typename Fn>
void for_each_child_named(const ExtensionBlock& block, std::string_view name, Fn fn) {
  sitemaplint::for_each_child_named(kVideoFamily, block, name, fn);
}

// xsd:nonNegativeInteger without the white space around it: optional '+', then digits only.
bool is_whole_number(std::string_view text);
// The value of a whole number, saturated at UINT64_MAX (a limit check needs no more).
std::uint64_t whole_number_value(std::string_view text);

// The XSD's tYesNo: yes, Yes, YES, no, No or NO.
bool is_yes_no(std::string_view text);

// Calls fn(token, index) for each run of text between XML white space (space, tab, CR, LF).
template <typename Fn>
void for_each_token(std::string_view text, Fn fn) {
  constexpr std::string_view kSpace = " \t\r\n";
  for (std::size_t at = text.find_first_not_of(kSpace); at != std::string_view::npos;) {
    const std::size_t end = std::min(text.find_first_of(kSpace, at), text.size());
    fn(text.substr(at, end - at), at);
    at = text.find_first_not_of(kSpace, end);
  }
}

// A prefixed attribute of local name `name` (video:relationship="allow"): where a required
// attribute went when it seems missing. The unexpected-attribute rule reports it.
const Attribute* prefixed_attribute(const ExtensionNode& node, std::string_view name);

}  // namespace sitemaplint::video
