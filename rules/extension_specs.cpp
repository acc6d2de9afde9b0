// The spec of each node of an extension block, and the block's shape, worked out once per block
// for all of a family's structure rules (extension_structure.cpp).
#include "rules/extension_specs.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

namespace sitemaplint {

const ElementSpec* child_spec(const ElementSpec& parent, std::string_view name) {
  for (const ElementSpec& child : parent.children) {
    if (same_name(child.name, name)) return &child;
  }
  return nullptr;
}

namespace {

const ElementSpec* compute_spec(const ExtensionFamily& family, const ExtensionBlock& block, std::size_t i) {
  if (!is_family_block(family, block)) return nullptr;
  if (i == 0) return family.root;
  const ExtensionNode& node = block.nodes[i];
  const ElementSpec* parent = compute_spec(family, block, node.parent);
  if (!parent || parent->deprecated || !same_namespace(node.ns, family.ns)) return nullptr;
  return child_spec(*parent, node.local_name);
}

// The specs of the block last asked about, and its shape. Every structure rule of a family asks
// for the specs of the same block's nodes, several times each: they are worked out once, in
// document order (a parent comes before its children), and kept for the next rule.
struct BlockMemo {
  const ExtensionFamily* family = nullptr;
  std::uint64_t serial = 0;
  std::vector<const ElementSpec*> specs;
  BlockShape shape;
};

BlockShape shape_of_flat(const ExtensionFamily& family, const ExtensionBlock& block, std::span<const ElementSpec* const> specs) {
  BlockShape shape;
  const std::span<const ElementSpec> children = family.root->children;
  if (family.root->deprecated || children.size() > 64) return shape;
  std::size_t highest = 0;
  shape.in_order = true;
  for (std::size_t k = 1; k < block.nodes.size(); ++k) {
    const ExtensionNode& node = block.nodes[k];
    const ElementSpec* spec = specs[k];
    if (node.depth != 1 || !spec || node.has_element_children) return BlockShape{};
    const auto position = static_cast<std::size_t>(spec - children.data());
    const std::uint64_t bit = std::uint64_t{1} << position;
    shape.repeats |= (shape.present & bit) != 0 && spec->max_occurs == 1;
    shape.in_order &= position >= highest;
    highest = std::max(highest, position);
    shape.present |= bit;
  }
  shape.flat = true;
  return shape;
}

const BlockMemo* block_memo(const ExtensionFamily& family, const ExtensionBlock& block) {
  thread_local BlockMemo memo;
  if (block.serial == 0) return nullptr;  // a block built by hand: no identity to key a memo by
  if (memo.serial != block.serial || memo.family != &family) {
    memo.family = &family;
    memo.serial = block.serial;
    memo.specs.assign(block.nodes.size(), nullptr);
    memo.shape = {};
    if (is_family_block(family, block)) {
      memo.specs[0] = family.root;
      for (std::size_t k = 1; k < block.nodes.size(); ++k) {
        const ExtensionNode& node = block.nodes[k];
        const ElementSpec* parent = memo.specs[node.parent];
        memo.specs[k] = !parent || parent->deprecated || !same_namespace(node.ns, family.ns) ? nullptr
                                                                               : child_spec(*parent, node.local_name);
      }
      memo.shape = shape_of_flat(family, block, memo.specs);
    }
  }
  return &memo;
}

}  // namespace

const ElementSpec* spec_of(const ExtensionFamily& family, const ExtensionBlock& block, std::size_t i) {
  const BlockMemo* memo = block_memo(family, block);
  return memo ? memo->specs[i] : compute_spec(family, block, i);
}

BlockShape shape_of(const ExtensionFamily& family, const ExtensionBlock& block) {
  const BlockMemo* memo = block_memo(family, block);
  return memo ? memo->shape : BlockShape{};
}

}  // namespace sitemaplint
