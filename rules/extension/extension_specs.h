// The spec of each node of an extension block and the block's shape, worked out once per block and
// shared by the structure checks of extension_structure.cpp. (spec_of itself is declared in
// extension_support.h, for the family rules that read specs too.)
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "rules/extension/extension_support.h"

namespace sitemaplint {

// The child of `parent` named `name`, or nullptr.
const ElementSpec* child_spec(const ElementSpec& parent, std::string_view name);

// The usual block is flat: its root's children are all known leaves (<image:image> with an
// <image:loc>). For such a block, what the child checks look for is read off in the same
// pass that finds the specs, and each check that would find nothing returns at once.
struct BlockShape {
  bool flat = false;  // the root is the family's, every other node a known leaf child of it
  bool in_order = false;  // flat, and the children in the schema's order (repeats side by side)
  bool repeats = false;  // flat, and a child that may appear once appears again
  std::uint64_t present = 0;  // flat: bit k set when the root's k-th child spec is present
  bool lacks_required = false;  // flat, and a child the root requires (min_occurs > 0) is absent
  bool deprecated = false;  // flat, and a child is deprecated
  bool attributes = false;  // flat, and a node has attributes
};

// The specs of the block last asked about, and its shape. Every structure rule of a family asks
// for the specs of the same block's nodes, several times each: they are worked out once, in
// document order (a parent comes before its children), and kept for the next rule. The memo is
// plain data of a fixed size, so that the thread's copy is reached without an initialisation
// check, and the usual question (the same block again) is answered inline. A block of more nodes
// than it holds (never seen in a sitemap) is worked out on each call.
struct BlockMemo {
  static constexpr std::size_t kMaxNodes = 64;  // a video of 32 tags and all its other children fits
  const ExtensionFamily* family = nullptr;
  std::uint64_t serial = 0;  // of the block; 0 (a block built by hand) is never kept
  std::array<const ElementSpec*, kMaxNodes> specs{};
  BlockShape shape;
  const ElementSpec* required_of = nullptr;  // the root spec `required` was worked out for
  std::uint64_t required = 0;  // bit k: that root's k-th child is required
};
inline thread_local BlockMemo block_memo_slot;

// The memo filled in for `block`, or nullptr for a block it cannot hold.
const BlockMemo* fill_block_memo(const ExtensionFamily& family, const ExtensionBlock& block);

inline const BlockMemo* block_memo(const ExtensionFamily& family, const ExtensionBlock& block) {
  const BlockMemo& memo = block_memo_slot;
  if (block.serial != 0 && memo.serial == block.serial && memo.family == &family) return &memo;
  return fill_block_memo(family, block);
}

// Bit k when the root's k-th child spec is named `name` (as BlockShape::present marks it), 0 when
// none is: rules that look for children by name work their bits out once.
std::uint64_t child_bit(const ExtensionFamily& family, std::string_view name);

// Whether `block` may have a child named as one of `bits` (child_bit): false only for a flat block
// without one, which holds nothing but known children of the root, all of them marked present.
inline bool may_have_child(const ExtensionFamily& family, const ExtensionBlock& block, std::uint64_t bits) {
  const BlockMemo* memo = block_memo(family, block);
  return !memo || !memo->shape.flat || (memo->shape.present & bits) != 0;
}

// The block's shape; a block built by hand (serial 0) is never called flat, so it gets the full checks.
inline BlockShape shape_of(const ExtensionFamily& family, const ExtensionBlock& block) {
  const BlockMemo* memo = block_memo(family, block);
  return memo ? memo->shape : BlockShape{};
}

}  // namespace sitemaplint
