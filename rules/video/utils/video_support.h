// What the video rules share beyond the schema: which blocks they read, where findings go (D4),
// and the small value checks several of them make (whole numbers, yes/no, token lists, lengths).
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

namespace sitemaplint::video {

// A <video:video> that describes a page's video: a direct child of a <url> of a urlset (not of an
// index's <sitemap>, not of a feed item). The family looks at no other block; VID103 reports them.
bool is_page_video(const ExtensionBlock& block, const Entry& entry);

// D4. The tag span: '<' and the qualified name. The value span: the trimmed text as written, or
// the tag span when there is no text at all.
Span tag_span(const ExtensionNode& node);
Span value_span(const ExtensionNode& node);
// "<video:title>": the element as written, for messages.
std::string tag(const ExtensionNode& node);

// Calls fn(node) for each child of the block's <video:video> named `name` (in the video namespace).
// The short name is compared first: a block's children rarely share it, and most rules ask.
template <typename Fn>
void for_each_child_named(const ExtensionBlock& block, std::string_view name, Fn fn) {
  block.for_each_child(0, [&](const ExtensionNode& node) {
    if (node.local_name == name && same_namespace(node.ns, kVideoNamespace)) fn(node);
  });
}

// Reports `message` on the node's value (D4), with a fix that replaces the whole text when given.
void report_value(const ExtensionNode& node, std::string message, FindingSink& out,
                  std::optional<std::string> replacement = std::nullopt);

// Length in Unicode code points (what "characters" means in Google's limits).
std::size_t code_points(std::string_view text);

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
