// Which hreflang link rules a link concerns, read once per link (Dispatch calls a rule that
// filters with links_showing() only for a link that shows one of its traits).
#pragma once

#include <cstdint>

#include "rules/hreflang/utils/hreflang_link.h"

namespace sitemaplint {

// What a link block shows, as BlockFilter bits: nearly every link is a childless
// <xhtml:link rel="alternate" hreflang="..." href="..."/> in a <url>, with a supported code
// written as Google writes it, and a rule that judges one of these subscribes with the bit it
// looks for and is not called for the others (eight rules each read every link).
enum LinkTrait : std::uint32_t {
  kIrregularLink = 1u << 0,  // not a childless <link> in a <url>: every rule runs on it
  kLinkOtherAttribute = 1u << 1,  // an attribute besides rel, hreflang and href
  kLinkLacksAttribute = 1u << 2,  // no hreflang (or an empty one), or no href
  kLinkRelUnusual = 1u << 3,  // rel is not "alternate" as written, or absent
  kLinkCodeUnusual = 1u << 4,  // a code not supported, or not written in its usual form
};
std::uint32_t link_traits(const ExtensionBlock& block, const Entry& entry);
// The filter for link blocks that show one of `traits`, or are irregular.
constexpr BlockFilter links_showing(std::uint32_t traits) { return {&link_traits, traits | kIrregularLink}; }

}  // namespace sitemaplint
