// RSS 2.0 and Atom feeds as sitemaps: search engines take one URL per item or entry. What the walk
// needs to tell a feed's items and their URLs apart.
#pragma once

#include <string>
#include <string_view>

#include <pugixml.hpp>

#include "entry.h"

namespace sitemaplint {

// Whether `e` is the Atom (1.0 or 0.3) element `local_name`.
bool is_atom(const Element& e, std::string_view local_name);
// Whether `e` is the RSS 2.0 element `name`: in no namespace and unprefixed (a prefixed <x:item> is
// an extension).
bool is_rss(const Element& e, std::string_view name);
// The base URI in scope at an Atom element (RFC 4287 section 2, XML Base); empty while no xml:base
// is absolute.
std::string atom_base(pugi::xml_node node);
// The href of an Atom link to the entry itself; null for another link.
pugi::xml_attribute atom_alternate_href(const Element& e);

}  // namespace sitemaplint
