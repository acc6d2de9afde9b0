// gumbo's tree of a page's head bytes, read into HeadTree: the head's <meta>, <link>, <base> and
// <title> children, and those of each <noscript> in it.
#include "pages/head_tree.h"

#include <gumbo.h>

#include "analysis/ascii.h"
#include "pages/gumbo_arena.h"

namespace sitemaplint {

// gumbo's tree of some bytes, freed with it.
struct HeadTree::Gumbo {
  explicit Gumbo(std::string_view html) : options(parse_options()) {
    thread_gumbo_arena().use_for(options);
    output = gumbo_parse_with_options(&options, html.empty() ? "" : html.data(), html.size());
  }
  ~Gumbo() {
    if (output) gumbo_destroy_output(&options, output);
    thread_gumbo_arena().reset();  // one parse at a time on a thread: its memory is all free now
  }
  Gumbo(const Gumbo&) = delete;
  Gumbo& operator=(const Gumbo&) = delete;

  static GumboOptions parse_options() {
    GumboOptions options = kGumboDefaultOptions;
    // No parse errors are kept: each copies the stack of open elements, quadratic memory on a
    // deep tree, and nothing here reads them.
    options.max_errors = 0;
    return options;
  }

  const GumboNode* root() const { return output ? output->root : nullptr; }

  // The <head> or <body> the tree builder made (always, even without their tags).
  const GumboNode* section(GumboTag tag) const {
    if (!root()) return nullptr;
    const GumboVector& children = root()->v.element.children;
    for (unsigned i = 0; i < children.length; ++i) {
      const auto* child = static_cast<const GumboNode*>(children.data[i]);
      if (child->type == GUMBO_NODE_ELEMENT && child->v.element.tag == tag) return child;
    }
    return nullptr;
  }

  GumboOptions options;
  GumboOutput* output = nullptr;
};

HeadTree::HeadTree() = default;
HeadTree::~HeadTree() = default;
HeadTree::HeadTree(HeadTree&&) noexcept = default;
HeadTree& HeadTree::operator=(HeadTree&&) noexcept = default;

std::optional<std::string_view> HeadTree::attribute(const HeadElement& element, std::string_view name) const {
  for (std::uint32_t i = element.attributes_begin; i < element.attributes_end; ++i) {
    if (ascii_equal_ignoring_case(attributes[i].name, name)) return attributes[i].value;
  }
  return std::nullopt;
}

namespace {

std::string text_of(const GumboElement& element) {
  std::string out;
  const GumboVector& children = element.children;
  for (unsigned i = 0; i < children.length; ++i) {
    const auto* child = static_cast<const GumboNode*>(children.data[i]);
    if (child->type == GUMBO_NODE_TEXT || child->type == GUMBO_NODE_WHITESPACE || child->type == GUMBO_NODE_CDATA) {
      out += child->v.text.text;
    }
  }
  return out;
}

void add_element(HeadTree& tree, const GumboElement& element, bool in_noscript) {
  HeadElement out;
  switch (element.tag) {
    case GUMBO_TAG_META: out.tag = HeadTag::Meta; break;
    case GUMBO_TAG_LINK: out.tag = HeadTag::Link; break;
    case GUMBO_TAG_BASE: out.tag = HeadTag::Base; break;
    case GUMBO_TAG_TITLE:
      out.tag = HeadTag::Title;
      out.title = text_of(element);
      break;
    default: return;
  }
  out.in_noscript = in_noscript;
  out.line = element.start_pos.line;
  out.offset = element.start_pos.offset;
  out.attributes_begin = static_cast<std::uint32_t>(tree.attributes.size());
  for (unsigned i = 0; i < element.attributes.length; ++i) {
    const auto* attribute = static_cast<const GumboAttribute*>(element.attributes.data[i]);
    tree.attributes.push_back({attribute->name, attribute->value});
  }
  out.attributes_end = static_cast<std::uint32_t>(tree.attributes.size());
  tree.elements.push_back(std::move(out));
}

// Calls `each` with every element node among a node's children, in order.
template <typename Each>
void for_child_elements(const GumboNode& node, Each&& each) {
  const GumboVector& children = node.v.element.children;
  for (unsigned i = 0; i < children.length; ++i) {
    const auto* child = static_cast<const GumboNode*>(children.data[i]);
    // A <template> is a node of its own type: its content is inert and is not read.
    if (child->type == GUMBO_NODE_ELEMENT) each(*child);
  }
}

}  // namespace

HeadTree gumbo_head_tree(std::string_view html) {
  HeadTree tree;
  tree.gumbo = std::make_unique<HeadTree::Gumbo>(html);
  const HeadTree::Gumbo& parsed = *tree.gumbo;
  if (const GumboNode* root = parsed.root()) {
    if (const GumboAttribute* lang = gumbo_get_attribute(&root->v.element.attributes, "lang"))
      tree.lang = std::string_view(lang->value);
  }
  if (const GumboNode* head = parsed.section(GUMBO_TAG_HEAD)) {
    for_child_elements(*head, [&](const GumboNode& node) {
      add_element(tree, node.v.element, false);
      // No script runs: <noscript> holds markup, and the <meta> and <link> elements the tree
      // builder keeps in it are in the head for a crawler that runs no script.
      if (node.v.element.tag == GUMBO_TAG_NOSCRIPT) {
        for_child_elements(node, [&](const GumboNode& inner) { add_element(tree, inner.v.element, true); });
      }
    });
  }
  const GumboNode* body = parsed.section(GUMBO_TAG_BODY);
  tree.body_has_children = body && body->v.element.children.length > 0;
  return tree;
}

}  // namespace sitemaplint
