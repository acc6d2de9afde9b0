#include "engine/feed_items.h"

#include <vector>

#include "analysis/reference_resolution.h"
#include "analysis/xml_text.h"

namespace sitemaplint {

namespace {

constexpr std::string_view kAtomNamespace = "http://www.w3.org/2005/Atom";
constexpr std::string_view kAtom03Namespace = "http://purl.org/atom/ns#";

}  // namespace

bool is_atom(const Element& e, std::string_view local_name) {
  return e.local_name == local_name && (e.ns == kAtomNamespace || e.ns == kAtom03Namespace);
}

// RSS 2.0 elements are in no namespace and unprefixed; a prefixed <x:item> is an extension.
bool is_rss(const Element& e, std::string_view name) { return e.qualified_name == name && e.ns.empty(); }

// The base URI in scope at an Atom element (RFC 4287 section 2, XML Base): each xml:base from the
// root down resolved against the one above it. Empty while no xml:base is absolute: the feed's own
// address is not known here, so a relative base on its own gives no URL.
std::string atom_base(pugi::xml_node node) {
  std::vector<std::string_view> bases;  // innermost first
  for (; node; node = node.parent()) {
    if (node.type() != pugi::node_element) continue;
    if (const pugi::xml_attribute base = node.attribute("xml:base")) bases.emplace_back(base.value());
  }
  std::string base;
  for (auto it = bases.rbegin(); it != bases.rend(); ++it) {
    if (base.empty()) {
      if (is_absolute_uri(*it)) base = trim_xml_space(*it);
    } else {
      base = resolve_reference(*it, base);
    }
  }
  return base;
}

// The href of an Atom link to the entry itself: rel="alternate" (also as the IANA registry's IRI),
// or no rel, which means alternate. Other links (self, enclosure, related, ...) are not the entry.
pugi::xml_attribute atom_alternate_href(const Element& e) {
  if (!is_atom(e, "link") || !e.has_attributes) return {};
  const pugi::xml_attribute rel = e.node.attribute("rel");
  if (rel) {
    const std::string_view value = trim_xml_space(rel.value());
    if (value != "alternate" && value != "http://www.iana.org/assignments/relation/alternate") return {};
  }
  return e.node.attribute("href");
}

}  // namespace sitemaplint
