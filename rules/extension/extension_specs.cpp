// The spec of each node of an extension block, and the block's shape, worked out once per block
// for all of a family's structure rules (extension_structure.cpp).
#include "rules/extension/extension_specs.h"

#include "rules/extension/extension_rules.h"

#include <algorithm>
#include <array>
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

std::uint64_t child_bit(const ExtensionFamily& family, std::string_view name) {
  const ElementSpec* spec = family.root ? child_spec(*family.root, name) : nullptr;
  if (!spec) return 0;
  const auto position = static_cast<std::size_t>(spec - family.root->children.data());
  return position < 64 ? std::uint64_t{1} << position : 0;
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

// The root's required children as bits, worked out once per family a thread meets in a row.
std::uint64_t required_children(BlockMemo& memo, const ElementSpec& root) {
  if (memo.required_of != &root) {
    memo.required_of = &root;
    memo.required = 0;
    for (std::size_t k = 0; k < root.children.size() && k < 64; ++k) {  // a shape is read for at most 64
      if (root.children[k].min_occurs > 0) memo.required |= std::uint64_t{1} << k;
    }
  }
  return memo.required;
}

}  // namespace

const BlockMemo* fill_block_memo(const ExtensionFamily& family, const ExtensionBlock& block) {
  // A block built by hand has no identity (serial 0) to key a memo by.
  if (block.serial == 0 || block.nodes.size() > BlockMemo::kMaxNodes) return nullptr;
  BlockMemo& memo = block_memo_slot;
  memo.family = &family;
  memo.serial = block.serial;
  memo.shape = {};
  const std::span<const ElementSpec*> specs(memo.specs.data(), block.nodes.size());
  if (!is_family_block(family, block)) {
    std::fill(specs.begin(), specs.end(), nullptr);
    return &memo;
  }
  specs[0] = family.root;
  // The specs, and in the same pass the shape, while the block may still be flat.
  const std::span<const ElementSpec> children = family.root->children;
  bool flat = !family.root->deprecated && children.size() <= 64;  // a shape is read for at most 64
  BlockShape shape;
  shape.in_order = true;
  shape.attributes = !block.root().attributes.empty();
  std::size_t highest = 0;
  for (std::size_t k = 1; k < block.nodes.size(); ++k) {
    const ExtensionNode& node = block.nodes[k];
    const ElementSpec* parent = specs[node.parent];
    const ElementSpec* spec = !parent || parent->deprecated || !same_namespace(node.ns, family.ns)
                                  ? nullptr
                                  : child_spec(*parent, node.local_name);
    specs[k] = spec;
    if (!flat) continue;
    if (node.depth != 1 || !spec || node.has_element_children) {
      flat = false;
      continue;
    }
    const auto position = static_cast<std::size_t>(spec - children.data());
    const std::uint64_t bit = std::uint64_t{1} << position;
    shape.repeats |= (shape.present & bit) != 0 && spec->max_occurs == 1;
    shape.in_order &= position >= highest;
    highest = std::max(highest, position);
    shape.present |= bit;
    shape.deprecated |= spec->deprecated;
    shape.attributes |= !node.attributes.empty();
  }
  if (flat) {
    const std::uint64_t required = required_children(memo, *family.root);
    shape.lacks_required = (shape.present & required) != required;
    shape.flat = true;
    memo.shape = shape;
  }
  return &memo;
}

std::uint32_t block_traits(const ExtensionFamily& family, const ExtensionBlock& block, const Entry& entry) {
  constexpr std::uint32_t kAll = ~std::uint32_t{0};
  if (!is_page_entry(entry)) return kAll;
  const BlockMemo* memo = block_memo(family, block);
  if (!memo || !memo->shape.flat) return kAll;
  const BlockShape& shape = memo->shape;
  const auto shows = [](bool shown, BlockTrait trait) { return shown ? std::uint32_t{trait} : std::uint32_t{0}; };
  return shows(shape.attributes, kHasAttributes) | shows(shape.repeats, kRepeatsChild) |
         shows(!shape.in_order, kChildrenOutOfOrder) | shows(shape.lacks_required, kLacksRequiredChild) |
         shows(shape.deprecated, kHasDeprecatedChild);
}

const ElementSpec* spec_of(const ExtensionFamily& family, const ExtensionBlock& block, std::size_t i) {
  const BlockMemo* memo = block_memo(family, block);
  return memo ? memo->specs[i] : compute_spec(family, block, i);
}

}  // namespace sitemaplint
