// The elements of a page's head that the HTML5 tree builder keeps there, as the head reader reads
// them: made by gumbo from any bytes (gumbo_head_tree), or, for a head simple enough, by a scan
// of its own that builds the same elements without gumbo (simple_head.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

// The elements whose attributes or text a page rule reads; the head's others are left out.
enum class HeadTag : std::uint8_t { Meta, Link, Base, Title };

struct HeadAttribute {
  std::string_view name;  // in any case: looked up ignoring it, as gumbo lowers it
  std::string_view value;  // character references decoded
};

struct HeadElement {
  HeadTag tag = HeadTag::Meta;
  bool in_noscript = false;  // a child of a <noscript> in the head, not of the head itself
  std::size_t line = 1;  // of its start tag, counting from 1
  std::size_t offset = 0;  // of its start tag's '<', in the bytes parsed
  std::uint32_t attributes_begin = 0, attributes_end = 0;  // its attributes in HeadTree::attributes
  std::string title;  // a <title>'s text, as its text nodes hold it
};

struct HeadTree {
  HeadTree();
  ~HeadTree();
  HeadTree(HeadTree&&) noexcept;
  HeadTree& operator=(HeadTree&&) noexcept;

  std::optional<std::string_view> lang;  // the root element's lang attribute
  std::vector<HeadElement> elements;  // in the head's order, each <noscript>'s children after it
  std::vector<HeadAttribute> attributes;
  bool body_has_children = false;  // something in the bytes began the body

  // The first value of attribute `name` (lower case) of `element`, as the tree builder keeps
  // only the first of two attributes of one name.
  std::optional<std::string_view> attribute(const HeadElement& element, std::string_view name) const;

  // What the views point into when gumbo made them: its tree, freed with this.
  struct Gumbo;
  std::unique_ptr<Gumbo> gumbo;
};

// The head's elements as gumbo's tree builder makes them from the bytes `html`.
HeadTree gumbo_head_tree(std::string_view html);

}  // namespace sitemaplint
